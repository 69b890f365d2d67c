import type { EngineOverview } from '@plainspoken/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { shortUtcDay } from '@/components/ui/charts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { WindowView } from './window-view';

/** Recorded rewrites over the last 24 hours and 30 days. */
export function UsageCard({ o }: { o: EngineOverview }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage</CardTitle>
        <CardDescription>
          Every rewrite is recorded with its engine, model, tokens, candidates tried, time and whether it fell back.
        </CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        <Tabs defaultValue="day" className="min-w-0">
          <TabsList>
            <TabsTrigger value="day">Last 24 hours</TabsTrigger>
            <TabsTrigger value="month">Last 30 days</TabsTrigger>
          </TabsList>
          <TabsContent value="day" className="min-w-0">
            <WindowView w={o.windows.day} label={(at) => `${at.slice(11, 13)}:00`} />
          </TabsContent>
          <TabsContent value="month" className="min-w-0">
            <WindowView w={o.windows.month} label={shortUtcDay} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
