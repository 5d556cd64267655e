import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/*
 * Chakra's default theme with only the recipes of the components the app uses, to keep the first load small:
 * `defaultConfig` carries every recipe of the library (about 115 KB minified) into the first load.
 * The tokens, semantic tokens, text and layer styles, keyframes and global styles are Chakra's own.
 * test/web/app/theme.test.ts fails when a component imported from '@chakra-ui/react' has no recipe
 * here, so a new component cannot render unstyled.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

const config = defineConfig({
  globalCss: {
    // The shell and the sign-in page fill the viewport; #root must pass the height down.
    'html, body, #root': { minHeight: '100%' },
  },
  theme: {
    semanticTokens: {
      colors: {
        // Gains and losses are small text: Chakra's light green.600 and red.500 fall short of WCAG AA
        // contrast (4.5:1) on white and on the muted card backgrounds (axe, test/e2e/traders.e2e.ts).
        fg: {
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
        },
        // Solid badges and buttons carry small text on `solid`: Chakra's green.600, teal.600 and
        // cyan.600 under white reach 3.3–3.7:1 and its light orange.600 under white 3.6:1, short of
        // AA's 4.5:1 in both themes (axe, test/e2e/spec-000.e2e.ts and spec-001.e2e.ts). The 700
        // shades reach 6.8–7.7:1 under white; orange keeps its hue with black text (5.9:1 and 7.5:1).
        green: { solid: { value: '{colors.green.700}' } },
        teal: { solid: { value: '{colors.teal.700}' } },
        cyan: { solid: { value: '{colors.cyan.700}' } },
        orange: { contrast: { value: '{colors.black}' } },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
