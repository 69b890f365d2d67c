import { GaugeIcon, HistoryIcon, ShieldCheckIcon, WandSparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ENGINE_MSG } from '@plainspoken/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeepModel } from '@/lib/engine-state';

/** The cards; the first says what the two modes do now (it follows the engine state). */
const features = (model: boolean | null): { icon: ReactNode; title: string; text: string }[] => [
  {
    icon: <WandSparklesIcon />,
    title: 'Two ways to rewrite',
    text: ENGINE_MSG.modesCard(model),
  },
  {
    icon: <GaugeIcon />,
    title: 'See how it reads',
    text: 'Our own AI-likeness estimate before and after, with the sentences that still sound machine-written highlighted so you know where to edit.',
  },
  {
    icon: <ShieldCheckIcon />,
    title: 'Your meaning stays',
    text: 'Names, numbers, quotes and links are kept as they are. The rewrite changes how you say it, not what you say.',
  },
  {
    icon: <HistoryIcon />,
    title: 'Everything in your history',
    text: 'Every rewrite is saved to your account, so you can compare versions and copy a result again later.',
  },
];

export function FeaturesSection() {
  const model = useDeepModel();
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Built for writing that sounds like a person
        </h2>
        <p className="mt-3 text-muted-foreground">
          Plainspoken looks for the tells of machine-written text and replaces them with the choices a careful writer
          would make.
        </p>
      </div>
      <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {features(model).map((f) => (
          <Card key={f.title} className="h-full">
            <CardHeader>
              <div className="mb-2 flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground [&_svg]:size-5">
                {f.icon}
              </div>
              <CardTitle className="text-base! leading-normal!">{f.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <CardDescription className="leading-relaxed">{f.text}</CardDescription>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
