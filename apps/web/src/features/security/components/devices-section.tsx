import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LaptopIcon, LogOutIcon, SmartphoneIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { notifyError, notifySuccess } from '@/lib/toast';
import { devicesQueryOptions, revokeDevice, sessionsKeys, signOutScope, type Device } from '../api/sessions';
import { securityMessage } from '../lib/security-errors';
import { useEndSession } from '../lib/use-end-session';
import { describeUserAgent, timeAgo } from '../lib/user-agent';

export function DevicesSection() {
  const qc = useQueryClient();
  const devices = useQuery(devicesQueryOptions());
  const endSession = useEndSession();
  const refresh = () => qc.invalidateQueries({ queryKey: sessionsKeys.all });

  const revoke = useMutation({
    mutationFn: (d: Device) => revokeDevice(d.token),
    onSuccess: () => notifySuccess({ title: 'Device signed out' }),
    onError: (err) => notifyError({ title: 'Could not sign out that device', description: securityMessage(err) }),
    onSettled: refresh,
  });
  const others = useMutation({
    mutationFn: () => signOutScope('others'),
    onSuccess: () => notifySuccess({ title: 'Other devices signed out' }),
    onError: (err) => notifyError({ title: 'Could not sign out other devices', description: securityMessage(err) }),
    onSettled: refresh,
  });
  const everywhere = useMutation({
    mutationFn: () => signOutScope('global'),
    onSuccess: () => {
      notifySuccess({ title: 'Signed out everywhere' });
      endSession();
    },
    onError: (err) => notifyError({ title: 'Could not sign out everywhere', description: securityMessage(err) }),
  });

  const list = devices.data ?? [];
  return (
    <div className="grid gap-3">
      {devices.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : devices.isError ? (
        <p className="text-sm text-destructive">{securityMessage(devices.error)}</p>
      ) : (
        <ul className="grid gap-2" aria-label="Signed-in devices">
          {list.map((d) => {
            const { browser, system } = describeUserAgent(d.userAgent);
            const mobile = system === 'iOS' || system === 'Android';
            return (
              <li
                key={d.id}
                data-testid="device"
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3"
              >
                <div className="flex items-center gap-3">
                  {mobile ? (
                    <SmartphoneIcon aria-hidden="true" className="size-5 text-muted-foreground" />
                  ) : (
                    <LaptopIcon aria-hidden="true" className="size-5 text-muted-foreground" />
                  )}
                  <div className="grid text-sm">
                    <span className="font-medium">
                      {browser} on {system} {d.current && <Badge variant="accent">This device</Badge>}
                    </span>
                    <span className="text-muted-foreground">
                      {d.current ? 'Active now' : `Last active ${timeAgo(d.lastActiveAt)}`}
                      {d.ipAddress ? ` · ${d.ipAddress}` : ''}
                    </span>
                  </div>
                </div>
                {!d.current && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(d)}
                    aria-label={`Sign out ${browser} on ${system}`}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={others.isPending || list.length < 2}
          onClick={() => others.mutate()}
        >
          {others.isPending && <Spinner />}
          Sign out other devices
        </Button>
        <Button variant="outline" size="sm" disabled={everywhere.isPending} onClick={() => everywhere.mutate()}>
          {everywhere.isPending ? <Spinner /> : <LogOutIcon aria-hidden="true" />}
          Sign out everywhere
        </Button>
      </div>
    </div>
  );
}
