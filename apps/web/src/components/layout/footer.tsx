import { ShieldCheckIcon } from 'lucide-react';
import { Link } from '@/components/link';
import { PRODUCT_NAME, TAGLINE } from '@plainspoken/shared';
import { paths } from '@/config/paths';
import { ContactLink } from './contact-link';
import { Logo } from './logo';

const footerLink =
  'rounded-sm text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

export function Footer() {
  return (
    <footer className="mt-auto border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.6fr_1fr_1fr]">
        <div className="space-y-4">
          <Logo />
          <p className="text-sm text-muted-foreground">{TAGLINE}.</p>
          <div className="flex gap-3 rounded-lg border bg-card p-4 text-sm">
            <ShieldCheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <p className="text-muted-foreground">
              <span className="font-medium text-foreground">Use it ethically.</span> {PRODUCT_NAME} helps you improve
              writing you are entitled to use. Submitting rewritten text as your own work where that breaks academic
              rules is cheating, and we do not allow it.{' '}
              <Link to={paths.ethicalUsage} className="font-medium text-primary underline-offset-4 hover:underline">
                Read more<span className="sr-only"> about ethical usage</span>
              </Link>
            </p>
          </div>
        </div>
        <nav aria-label="Product" className="space-y-3">
          <h2 className="text-sm font-semibold">Product</h2>
          <ul className="space-y-2">
            <li>
              <Link to={paths.features} className={footerLink}>
                Features
              </Link>
            </li>
            <li>
              <Link to={paths.aiCheck} className={footerLink}>
                AI check
              </Link>
            </li>
            <li>
              <Link to={paths.pricing} className={footerLink}>
                Pricing
              </Link>
            </li>
            <li>
              {/* Served by the server, not a page of this app: a full page load. */}
              <a href="/docs/api" className={footerLink}>
                API
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Company" className="space-y-3">
          <h2 className="text-sm font-semibold">Company</h2>
          <ul className="space-y-2">
            <li>
              <Link to={paths.privacy} className={footerLink}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to={paths.terms} className={footerLink}>
                Terms
              </Link>
            </li>
            <li>
              <ContactLink className={footerLink} />
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
