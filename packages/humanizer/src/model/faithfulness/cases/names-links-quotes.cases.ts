import type { RuleCase } from './case.ts';

/** Names, links, quotations and protected spans. */
export const NAME_LINK_QUOTE_CASES: readonly RuleCase[] = [
  {
    rule: 'name.new',
    note: 'a name swapped; a sentence-initial capital is no name',
    original: 'Greta Lindqvist runs the ferry office in Harwick. The forms are simple to use.',
    keep: 'The ferry office in Harwick is run by Greta Lindqvist. Using the forms is simple.',
    fail: 'The ferry office in Harwick is run by Greta Okonkwo. Using the forms is simple.',
  },
  {
    rule: 'name.new',
    note: 'another name of the same country is the same name; a new place is not',
    original: 'The company opened its first shop in the UK last year. Sales have grown every month since.',
    keep: 'Last year the company opened its first shop in Britain. Sales have risen every month since then.',
    fail: 'Last year the company opened its first shop in Portugal. Sales have risen every month since then.',
  },
  {
    rule: 'name.new',
    note: 'a month the text does not have is reported as a changed date',
    original: 'The minister approved the bridge plan in April. Residents say it is too costly.',
    keep: 'In April, the minister gave the bridge plan the go-ahead. Residents say it costs too much.',
    fail: 'In July, the minister gave the bridge plan the go-ahead. Residents say it costs too much.',
  },
  {
    rule: 'link.changed',
    note: 'a web address changed; the same one without "https://" is kept',
    original:
      'Forms are on https://harwick-ferries.example.org for anyone who needs one. The office answers within a day.',
    keep: 'Anyone who needs a form can find it at harwick-ferries.example.org. The office replies within a day.',
    fail: 'Anyone who needs a form can find it at harwick-boats.example.org. The office replies within a day.',
  },
  {
    rule: 'link.lost',
    note: 'a link of the original the rewrite does not carry',
    original:
      'Write to help@harwick-ferries.example.org with any question. The office answers within a day. Tickets are sold at the pier.',
    keep: 'Send any question to help@harwick-ferries.example.org. The office replies within a day. The pier sells tickets.',
    fail: 'Send any question to the help desk by email. The office replies within a day. The pier sells tickets.',
  },
  {
    rule: 'quote.changed',
    note: 'a quotation may be reported in other words, not misquoted inside quotation marks',
    original: 'The mayor said, "We will rebuild the bridge before winter." Work starts next week.',
    keep: 'The mayor promised to rebuild the bridge before winter. Work begins next week.',
    fail: 'The mayor said, "We will repair the bridge before spring." Work begins next week.',
  },
  {
    rule: 'quote.changed',
    note: 'a quotation respelled the American way is the same quotation',
    original: 'The coach said, "Our colour and our organisation won the match." The fans cheered all night.',
    keep: 'The coach said, "Our color and our organization won the match." The supporters cheered all night.',
    fail: 'The coach said, "Our spirit and our organization won the match." The supporters cheered all night.',
  },
  {
    rule: 'span.lost',
    note: 'a protected span must come back, in any capitals or spacing',
    original: 'Dr Amara Quist leads the harbour survey. Her team counts the seals every spring.',
    keep: 'The harbour survey is led by dr amara quist. Each spring her team counts the seals.',
    fail: 'The harbour survey is led by a local doctor. Each spring her team counts the seals.',
    spans: ['Amara Quist'],
  },
];
