import { renderToStaticMarkup } from 'react-dom/server';
import { createRef } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MailIcon as LucideMail, XIcon as LucideX } from 'lucide-react';
import * as xModule from 'lucide-react/dist/esm/icons/x.mjs';
import * as mailModule from 'lucide-react/dist/esm/icons/mail.mjs';
import createLucideIcon from './lucide-icon';

// The icon data each icon module passes to createLucideIcon (what the build's resolve hook redirects).
type IconModule = { __iconData: Parameters<typeof createLucideIcon>[0] };
const X = createLucideIcon((xModule as unknown as IconModule).__iconData);
const Mail = createLucideIcon((mailModule as unknown as IconModule).__iconData);

describe('createLucideIcon (the build’s icon renderer)', () => {
  it('draws the same SVG as lucide’s own, hidden from assistive technology by default', () => {
    expect(renderToStaticMarkup(<X />)).toBe(renderToStaticMarkup(<LucideX />));
    expect(renderToStaticMarkup(<Mail className="size-4 md:hidden" aria-hidden="true" />)).toBe(
      renderToStaticMarkup(<LucideMail className="size-4 md:hidden" aria-hidden="true" />),
    );
    expect(renderToStaticMarkup(<X size={16} color="red" strokeWidth={3} data-x="1" />)).toBe(
      renderToStaticMarkup(<LucideX size={16} color="red" strokeWidth={3} data-x="1" />),
    );
  });

  it('is not hidden when it is named, and forwards its ref', () => {
    expect(renderToStaticMarkup(<X aria-label="Close" />)).toBe(renderToStaticMarkup(<LucideX aria-label="Close" />));
    expect(renderToStaticMarkup(<X aria-label="Close" />)).not.toContain('aria-hidden');
    const ref = createRef<SVGSVGElement>();
    render(<X ref={ref} />);
    expect(ref.current?.tagName.toLowerCase()).toBe('svg');
  });
});
