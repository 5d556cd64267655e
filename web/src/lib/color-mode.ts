export type ColorMode = 'dark' | 'light';

/** localStorage key remembering the chosen theme (spec 000 §1). */
const THEME_STORAGE_KEY = 'theme';

/** Dark unless the user chose light before. */
export function readStoredColorMode(): ColorMode {
  return localStorage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
}

export function storeColorMode(mode: ColorMode): void {
  localStorage.setItem(THEME_STORAGE_KEY, mode);
}

/** Chakra v3 picks its dark or light tokens from the `dark`/`light` class on the root element. */
export function applyColorMode(mode: ColorMode): void {
  const root = document.documentElement;
  root.classList.remove(mode === 'dark' ? 'light' : 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
}
