import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

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
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
