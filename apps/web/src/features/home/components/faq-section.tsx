import { ENGINE_MSG } from '@plainspoken/shared';
import { useDeepModel } from '@/lib/engine-state';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';

/** The questions; the one on the two modes follows the engine state. */
const faq = (model: boolean | null) => [
  {
    q: 'Do I need an account?',
    a: 'Yes. An account is required to humanize text, so we can keep track of your word balance and save your results to your history. Signing up is free and gives you 250 words, with no credit card.',
  },
  {
    q: 'Will the rewrite pass every AI detector?',
    a: 'No tool can promise that, and we do not. Detectors disagree with each other and change often. Plainspoken makes text read more naturally and shows our own AI-likeness estimate before and after, plus the sentences that still stand out, so you can finish the job by hand.',
  },
  {
    q: 'What is the difference between Deep Humanize and Lightning Mode?',
    a: ENGINE_MSG.modesFaq(model),
  },
  {
    q: 'How are words counted?',
    a: 'Words are counted by splitting your text on spaces and line breaks. Each plan has a monthly allowance and a limit per request: 250 words on Free, 500 on Basic, 1,500 on Pro and 3,000 on Ultra. You need at least 50 words per request.',
  },
  {
    q: 'Can I use Plainspoken for school assignments?',
    a: 'Not to pass off work as your own where your school forbids it. Using Plainspoken for academic cheating breaks our terms. It is meant for polishing your own drafts, marketing copy, emails and other writing you are entitled to use.',
  },
];

export function FaqSection() {
  const model = useDeepModel();
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
        Frequently asked questions
      </h2>
      <Accordion type="single" collapsible className="mt-8 rounded-xl border bg-card px-5">
        {faq(model).map((item, i) => (
          <AccordionItem key={item.q} value={`item-${i}`}>
            <AccordionTrigger>{item.q}</AccordionTrigger>
            <AccordionContent>{item.a}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
