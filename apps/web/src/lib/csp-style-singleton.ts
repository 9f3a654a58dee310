/**
 * Drop-in replacement for the `react-style-singleton` package (aliased in vite.config.ts).
 *
 * Radix Dialog and DropdownMenu lock page scrolling through react-remove-scroll, which adds its
 * CSS as a `<style>` element. The production Content-Security-Policy only allows stylesheets
 * from 'self', so the browser refuses that element (and logs a CSP error). Constructed
 * stylesheets adopted by the document are CSSOM, not markup, and are not subject to
 * `style-src`; the behaviour (add on first mount, remove after the last unmount) is unchanged.
 */
import { useEffect } from 'react';

interface Sheet {
  add(css: string): void;
  remove(): void;
}

export const stylesheetSingleton = (): Sheet => {
  let counter = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(css) {
      if (counter === 0 && typeof document !== 'undefined') {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      counter++;
    },
    remove() {
      counter--;
      if (counter === 0 && sheet) {
        const adopted = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== adopted);
        sheet = null;
      }
    },
  };
};

export const styleHookSingleton = () => {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    // Same dependency rule as the original: static styles are added once per mount.
    // biome-ignore lint/correctness/useExhaustiveDependencies: mirrors the package's contract
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
    }, [styles && isDynamic]);
  };
};

export const styleSingleton = () => {
  const useStyle = styleHookSingleton();
  const Sheet = ({ styles, dynamic }: { styles: string; dynamic?: boolean }) => {
    useStyle(styles, dynamic);
    return null;
  };
  return Sheet;
};
