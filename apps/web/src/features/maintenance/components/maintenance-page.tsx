import { WrenchIcon } from 'lucide-react';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function MaintenancePage() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <div className="mb-6 flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <WrenchIcon className="size-7" aria-hidden="true" />
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        Subscription System Under Maintenance
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">
        We're making improvements to our subscription system. Existing subscriptions work normally: your plan, word
        balance and history are unaffected. Only new sign-ups to paid plans are paused for now.
      </p>
      <p className="mt-3 text-muted-foreground">Please check back shortly. Thank you for your patience.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to={paths.home}>Return to Homepage</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.pricing}>Back to Pricing</Link>
        </Button>
      </div>
    </div>
  );
}
