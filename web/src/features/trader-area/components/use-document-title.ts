import { useEffect } from 'react';
import { toolDocumentTitle } from '../tools';

/** '{name} - ' and the trader interface's name (spec 001 §2.25); the old title comes back on leave. */
export function useDocumentTitle(name: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = toolDocumentTitle(name);
    return () => {
      document.title = previous;
    };
  }, [name]);
}
