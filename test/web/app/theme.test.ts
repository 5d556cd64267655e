import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { system } from '@/app/theme';

/*
 * The theme carries only the recipes of the components the app uses (Chakra's full
 * `defaultConfig` put every recipe of the library into the first load). A component without its
 * recipe renders unstyled, so every name imported from '@chakra-ui/react' must be in this table,
 * with the recipe keys it reads (node_modules/@chakra-ui/react/dist/esm/components: `key:` of
 * `createRecipeContext`/`createSlotRecipeContext`, including the components it renders inside).
 * An unknown name fails the test: adding a component means adding its recipe to web/src/app/theme.ts.
 */
const RECIPES_OF: Record<string, string[]> = {
  // Components with a recipe.
  Alert: ['alert'],
  Avatar: ['avatar'],
  Badge: ['badge'],
  // A loading button renders a Spinner.
  Button: ['button', 'spinner'],
  Card: ['card'],
  // The indicator is a Checkmark.
  Checkbox: ['checkbox', 'checkmark'],
  CloseButton: ['button'],
  Code: ['code'],
  Collapsible: ['collapsible'],
  Container: ['container'],
  DataList: ['dataList'],
  Dialog: ['dialog'],
  Drawer: ['drawer'],
  EmptyState: ['emptyState'],
  Field: ['field'],
  Fieldset: ['fieldset'],
  Heading: ['heading'],
  Icon: ['icon'],
  IconButton: ['button', 'spinner'],
  Input: ['input'],
  // Its start and end addons.
  InputGroup: ['inputAddon'],
  Link: ['link'],
  List: ['list'],
  NativeSelect: ['nativeSelect'],
  Separator: ['separator'],
  Skeleton: ['skeleton'],
  Spinner: ['spinner'],
  Stat: ['stat'],
  Switch: ['switch'],
  Table: ['table'],
  Tabs: ['tabs'],
  Textarea: ['textarea'],
  Toast: ['toast'],
  Toaster: ['toast'],
  createToaster: ['toast'],
  // Layout and plain elements: style props only (Chakra has no recipe for them, Text included).
  Box: [],
  Center: [],
  Flex: [],
  Grid: [],
  Group: [],
  HStack: [],
  LinkBox: [],
  LinkOverlay: [],
  Portal: [],
  SimpleGrid: [],
  Stack: [],
  Text: [],
  VStack: [],
  VisuallyHidden: [],
  Wrap: [],
  chakra: [],
  // The system itself.
  ChakraProvider: [],
  createSystem: [],
  defaultBaseConfig: [],
  defineConfig: [],
};

const WEB_SRC = resolve(__dirname, '../../../web/src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every value (not type) imported from '@chakra-ui/react' in web/src, with the files importing it. */
function chakraImports(): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const file of sourceFiles(WEB_SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement)) continue;
      if (!ts.isStringLiteral(statement.moduleSpecifier)) continue;
      if (statement.moduleSpecifier.text !== '@chakra-ui/react') continue;
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      const bindings = clause.namedBindings;
      // A namespace import would hide which components are used.
      const names =
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements
              .filter((element) => !element.isTypeOnly)
              .map((element) => (element.propertyName ?? element.name).text)
          : ['* (namespace or default import)'];
      for (const name of names) {
        imports.set(name, [...(imports.get(name) ?? []), relative(WEB_SRC, file)]);
      }
    }
  }
  return imports;
}

const hasRecipe = (key: string) => system.isRecipe(key) || system.isSlotRecipe(key);

describe('theme', () => {
  const imports = chakraImports();

  it('finds the Chakra imports of web/src', () => {
    expect(imports.get('Button')?.length).toBeGreaterThan(0);
    expect(imports.get('Table')?.length).toBeGreaterThan(0);
  });

  it('knows every component imported from @chakra-ui/react', () => {
    const unknown = [...imports]
      .filter(([name]) => !(name in RECIPES_OF))
      .map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(unknown).toEqual([]);
  });

  it('has the recipe of every imported component', () => {
    const missing = [...imports.keys()].flatMap((name) =>
      (RECIPES_OF[name] ?? []).filter((key) => !hasRecipe(key)).map((key) => `${name}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('carries no recipe that no imported component reads', () => {
    const used = new Set([...imports.keys()].flatMap((name) => RECIPES_OF[name] ?? []));
    const theme = system._config.theme ?? {};
    const keys = [...Object.keys(theme.recipes ?? {}), ...Object.keys(theme.slotRecipes ?? {})];
    expect(keys.filter((key) => !used.has(key))).toEqual([]);
  });

  it('leaves out the recipes of components the app does not use', () => {
    for (const key of ['accordion', 'menu', 'select', 'tooltip', 'slider', 'kbd']) {
      expect(hasRecipe(key)).toBe(false);
    }
  });

  it('keeps the contrast fix of gain and loss text in both color modes', () => {
    expect(system.tokens.getByName('colors.fg.success')?.extensions.conditions).toEqual({
      _light: '{colors.green.700}',
      _dark: '{colors.green.300}',
    });
    expect(system.tokens.getByName('colors.fg.error')?.extensions.conditions).toEqual({
      _light: '{colors.red.600}',
      _dark: '{colors.red.400}',
    });
  });

  it('gives every palette solid badges and buttons AA contrast (4.5:1) in both color modes', () => {
    /** A semantic token's reference in one mode ('base' when it has no modes), down to its hex. */
    const resolve = (name: string, mode: '_light' | '_dark'): string => {
      const conditions = system.tokens.getByName(name)?.extensions.conditions ?? {};
      const reference = (conditions[mode] ?? conditions.base) as string | undefined;
      // A reference is '{colors.green.600}' or a bare colour name ('white').
      const target = reference
        ? reference.startsWith('{')
          ? reference.slice(1, -1)
          : `colors.${reference}`
        : name;
      const token = system.tokens.getByName(target);
      return token?.extensions.conditions ? resolve(target, mode) : String(token?.value);
    };
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((index) => {
        const channel = parseInt(hex.slice(index, index + 2), 16) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: string, b: string) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    };
    const short: string[] = [];
    for (const palette of [
      'gray',
      'red',
      'orange',
      'yellow',
      'green',
      'blue',
      'teal',
      'purple',
      'pink',
      'cyan',
    ]) {
      for (const mode of ['_light', '_dark'] as const) {
        const solid = resolve(`colors.${palette}.solid`, mode);
        const text = resolve(`colors.${palette}.contrast`, mode);
        const value = ratio(solid, text);
        if (value < 4.5)
          short.push(`${palette} ${mode}: ${text} on ${solid} ${value.toFixed(2)}:1`);
      }
    }
    expect(short).toEqual([]);
  });

  it("keeps Chakra's tokens, text styles and global styles", () => {
    expect(system.tokens.getByName('colors.blue.solid')).toBeDefined();
    expect(system.tokens.getByName('spacing.4')?.value).toBe('1rem');
    expect(system._config.theme?.textStyles).toHaveProperty('sm');
    const globalCss = system.getGlobalCss()['@layer base'] as Record<string, unknown>;
    // Chakra's page colours, and the app's full-height root.
    expect(globalCss['&html']).toMatchObject({ background: 'var(--chakra-colors-bg)' });
    expect(globalCss['&html, &body, &#root']).toEqual({ minHeight: '100%' });
  });
});
