import { Link } from '@chakra-ui/react';
import type { MouseEvent } from 'react';

/** The id of each layout's `<main>`, which the skip link moves focus to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * 'Skip to main content': the first thing Tab reaches in both shells, hidden until focused, so a
 * keyboard user passes the sidebar's links in one step. Focus moves without a `#fragment` in the
 * address, which would otherwise become part of the screen's URL state.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    main?.focus();
    main?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <Link
      href={'#' + MAIN_CONTENT_ID}
      onClick={skip}
      position="fixed"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      px="4"
      py="2"
      rounded="md"
      bg="bg.panel"
      color="fg"
      borderWidth="2px"
      borderColor="blue.solid"
      fontWeight="semibold"
      textDecoration="none"
      // Out of view, not hidden: it must stay focusable and in the accessibility tree.
      transform="translateY(-200%)"
      _focus={{ transform: 'translateY(0)' }}
    >
      Skip to main content
    </Link>
  );
}
