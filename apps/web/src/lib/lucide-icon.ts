/**
 * The icon component lucide-react's icons are built with in the production build (vite.config.ts points
 * each icon's `../createLucideIcon.mjs` here). The same SVG as lucide's own (its default attributes, the
 * `lucide lucide-<name>` classes, aria-hidden unless the icon is named), without what this app never uses:
 * the icon context provider, absolute stroke widths, non-scaling strokes and aliases. Lucide's renderer is
 * about 1.2 KB gzip on every page's first load; this one is a few hundred bytes. Tests and the dev server
 * use lucide's own.
 */
import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';

type IconNode = readonly (readonly [tag: string, attrs: Record<string, string | number>])[];
interface IconData {
  name: string;
  node: IconNode;
}
export type IconProps = SVGProps<SVGSVGElement> & {
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
};

/** lucide's defaults (shared/src/build/defaultAttributes.mjs), in React's spelling. */
const SVG = {
  xmlns: 'http://www.w3.org/2000/svg',
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Whether the icon is named for assistive technology (lucide's hasA11yProp): then it is not hidden. */
const named = (props: object, children: ReactNode) =>
  Boolean(children) || Object.keys(props).some((k) => k.startsWith('aria-') || k === 'role' || k === 'title');

export default function createLucideIcon(icon: IconData) {
  return forwardRef<SVGSVGElement, IconProps>(function LucideIcon(
    { className, size, color, absoluteStrokeWidth: _absolute, children, ...rest },
    ref,
  ) {
    return createElement(
      'svg',
      {
        ref,
        ...SVG,
        ...(size !== undefined && { width: size, height: size }),
        ...(color && { stroke: color }),
        className: `lucide lucide-${icon.name}${className ? ` ${className}` : ''}`,
        ...(!named(rest, children) && { 'aria-hidden': 'true' as const }),
        ...rest,
      },
      ...icon.node.map(([tag, attrs]) => createElement(tag, attrs)),
      children,
    );
  });
}
