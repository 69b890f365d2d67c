import { ArrowLeftIcon } from 'lucide-react';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';

/** The way back from an admin test page to the admin overview, above the page's title. */
export function BackToAdmin() {
  return (
    <Link
      to={paths.admin}
      className="mb-3 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="back-to-admin"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      Admin overview
    </Link>
  );
}
