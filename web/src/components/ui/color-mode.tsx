import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { LuMoon, LuSun } from 'react-icons/lu';
import {
  applyColorMode,
  readStoredColorMode,
  storeColorMode,
  type ColorMode,
} from '@/lib/color-mode';

interface ColorModeContextValue {
  colorMode: ColorMode;
  toggleColorMode: () => void;
}

const ColorModeContext = createContext<ColorModeContextValue | null>(null);

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [colorMode, setColorMode] = useState(readStoredColorMode);

  // Before paint, so the page never flashes the other theme.
  useLayoutEffect(() => applyColorMode(colorMode), [colorMode]);

  const toggleColorMode = useCallback(() => {
    const next = colorMode === 'dark' ? 'light' : 'dark';
    storeColorMode(next);
    setColorMode(next);
  }, [colorMode]);

  const value = useMemo(() => ({ colorMode, toggleColorMode }), [colorMode, toggleColorMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeContextValue {
  const context = useContext(ColorModeContext);
  if (context === null) throw new Error('useColorMode must be used inside ColorModeProvider');
  return context;
}

/** The light/dark switch used by the header and the sign-in page. */
export function ColorModeButton(props: Omit<IconButtonProps, 'aria-label' | 'onClick'>) {
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <IconButton
      aria-label="Toggle color mode"
      title={colorMode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      variant="ghost"
      size="sm"
      onClick={toggleColorMode}
      {...props}
    >
      {colorMode === 'dark' ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
