import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  globalCss: {
    // The shell and the sign-in page fill the viewport; #root must pass the height down.
    'html, body, #root': { minHeight: '100%' },
  },
});

export const system = createSystem(defaultConfig, config);
