import { inflectVerb } from './lexicon.ts';

/**
 * Stock phrases, hedges and chatbot leftovers (humanizer-notes 2.D-2.G), written in-house.
 * Patterns are matched case-insensitively inside one sentence of masked text; '' deletes the match and the
 * repair stage fixes capitals and spacing afterwards.
 */
export interface PhraseRule {
  re: RegExp;
  /** Replacements; for a verb rule, every inflected form of its templates (the spelling check reads them). */
  alts: string[];
  /**
   * A verb rule's replacements, with the head verb as a lemma in braces ("{be} central to"). The head is
   * inflected like the matched verb (its first word) and, where the form carries number, for the subject's
   * number read from the POS tags; `tense: 'present'` when the match does not start with a verb.
   */
  verbAlts?: string[];
  tense?: 'present';
}

const r = (src: string, alts: string[]): PhraseRule => ({ re: new RegExp(src, 'gi'), alts });

const BE_FORMS = ['be', 'is', 'are', 'am', 'was', 'were', 'been', 'being'];
/** A verb rule: `templates` name their head verb in braces. */
const v = (src: string, templates: string[], tense?: 'present'): PhraseRule => ({
  re: new RegExp(src, 'gi'),
  alts: templates.flatMap((t) => {
    const m = /^\{(\w+)\}(.*)$/.exec(t);
    if (!m) return [t];
    const lemma = m[1] ?? '';
    const f = inflectVerb(lemma);
    const heads = lemma === 'be' ? BE_FORMS : [f.base, f.s, f.past, f.part, f.ing];
    return heads.map((h) => h + (m[2] ?? ''));
  }),
  verbAlts: templates,
  tense,
});

export const PHRASES: PhraseRule[] = [
  r("\\bit(?:'s| is) (?:important|crucial|essential|worth noting|worth mentioning) to (?:note|recognize|remember|understand|mention) that\\s+", ['', 'it is worth knowing that ']),
  r("\\bit(?:'s| is) worth (?:noting|mentioning) that\\s+", ['']),
  r('\\bit should be noted that\\s+', ['', 'it is worth knowing that ']),
  r("\\bit goes without saying that\\s+", ['']),
  r('\\bneedless to say,?\\s+', ['']),
  r("\\bin today's (?:fast-paced|digital|modern|ever-changing|rapidly changing) (?:world|age|era|landscape|society)\\b", ['these days', 'today']),
  r("\\bin today's world\\b", ['these days', 'today']),
  r('\\bin the (?:ever-evolving|ever-changing|rapidly evolving|fast-evolving) (?:landscape|world|field|realm) of\\b', ['in']),
  r('\\bin the realm of\\b', ['in the world of']),
  r('^when it comes to\\b', ['as for']),
  v('\\b(?:plays?|played) an? (?:crucial|vital|pivotal|key|significant|important|critical|essential) role in\\b', ['{matter} a lot for', '{be} central to']),
  r('\\b(?:stands|is) a testament to\\b', ['shows', 'proves']),
  r('\\ba testament to\\b', ['a sign of', 'proof of']),
  v('\\b(?:navigates?|navigated) the complexities of\\b', ['{deal} with']),
  r('\\bnavigating the (?:complexities|challenges) of\\b', ['dealing with', 'working through']),
  r('\\bdelve into the intricacies of\\b', ['dig into the details of', 'look closely at']),
  r('\\ba (?:myriad|plethora) of\\b', ['lots of']),
  r('\\ba (?:wide|diverse|broad) (?:range|array|variety) of\\b', ['a range of']),
  r('\\ba rich tapestry of\\b', ['a mix of']),
  r('\\bin order to\\b', ['to']),
  r('\\bdue to the fact that\\b', ['because']),
  r('\\bwith regard to\\b', ['about', 'on']),
  r('\\bat the end of the day\\b', ['in the end']),
  r('\\ba significant number of\\b', ['many']),
  r('\\bunlock the (?:full )?potential of\\b', ['get more out of', 'make the most of']),
  v('\\b(?:harness|harnesses|harnessed|harnessing) the power of\\b', ['{use}', '{make} use of']),
  v('\\bcannot be overstated\\b', ['{be} huge', '{matter} a lot'], 'present'),
  v('\\b(?:fosters?|fostered|fostering) a culture of\\b', ['{build} a culture of']),
  r("\\blet's (?:dive|delve) in(?:to it)?\\b", ["let's start"]),
  r("\\blet's explore\\b", ["let's look at"]),
  r('\\blook no further[.!,]?\\s*', ['']),
  r('\\bby leveraging\\b', ['by using']),
  r('\\bkey takeaways\\b', ['main points']),
  r('\\bcontinues to evolve\\b(?! and\\b)', ['keeps changing']),
  r('\\bcontinue to evolve\\b(?! and\\b)', ['keep changing']),
  r('\\ba deep dive into\\b', ['a close look at']),
  r('\\ban integral part of\\b', ['a key part of', 'central to']),
  r('\\boffers a glimpse into\\b', ['shows a bit of']),
  r('\\bserves as a reminder that\\b', ['reminds us that']),
  r('\\bmarks a (?:pivotal|significant) (?:moment|milestone)\\b', ['marks a turning point', 'is a milestone']),
  v('\\b(?:leaves?|left) a lasting (?:impact|impression)\\b', ['{have} a lasting effect']),
  r('\\bnestled in the heart of\\b', ['in the middle of', 'in']),
  r('\\bboasts a rich (?:history|heritage)\\b', ['has a long history']),
  r('\\bas we move forward\\b', ['from here', 'next']),
  r('\\bin an era where\\b', ['now that', 'at a time when']),
  r('\\bmay potentially\\b', ['may']),
  r('\\bcould potentially\\b', ['could']),
  r('\\bmight potentially\\b', ['might']),
  r('\\bit could be argued that\\b', ['arguably', 'some would say']),
  r('\\bit may be the case that\\b', ['maybe', 'perhaps']),
  r('\\bgenerally speaking,?\\s*', ['usually ', 'mostly ']),
  r('\\bis able to\\b', ['can']),
  r('\\bare able to\\b', ['can']),
  r('\\bhas the ability to\\b', ['can']),
  r('\\bhave the ability to\\b', ['can']),
  r('\\bin the event that\\b', ['if']),
  r('\\bprior to\\b', ['before']),
  r('\\bsubsequent to\\b', ['after']),
  r('\\beach and every\\b', ['every']),
  r('\\bfirst and foremost\\b', ['first']),
  r('\\bvery unique\\b', ['unique']),
  r('\\b(?:truly|incredibly) (?=important|remarkable|unique|essential)', ['']),
  r('\\bthe power of (?=\\w)', ['']),
  r('\\bin conclusion, (?=\\w)', ['', 'all in all, ', 'so ']),
  // Letters, emails and product copy: the stock phrases of the texts people paste most.
  r(
    "\\bI(?: am|'m) writing to express my (?:strong |keen |sincere |deep |great )?interest in (?=(?:the|your) (?:[\\w-]+ ){0,4}(?:position|role|job|opening|vacancy)\\b)",
    ['I would like to apply for '],
  ),
  r("\\bI(?: am|'m) writing to express my (?:strong |keen |sincere |deep |great )?interest in\\b", ['I am writing because I am interested in']),
  r('\\besteemed (?=(?:organi[sz]ation|company|institution|firm|team|university|establishment|publication)\\b)', ['']),
  r('\\ba proven track record of (?=[a-z]+ing\\b)', ['a record of ', 'a history of ']),
  r('\\ba proven track record\\b', ['a track record', 'a proven record']),
  r("\\bI(?: am|'m) confident that I(?: would|'d| will|'ll| can) be a valuable (?:addition|asset) to\\b", ['I am confident I would bring a lot to', 'I am sure I would contribute a lot to']),
  r('\\bwould be a valuable (?:addition|asset) to\\b', ['would add a lot to']),
  r('\\bwill be a valuable (?:addition|asset) to\\b', ['will add a lot to']),
  v('\\b(?:collaborate|collaborates|collaborated|collaborating) with cross-functional teams\\b', ['{work} with other teams']),
  r("\\bI(?: am|'m) (?:excited|thrilled|eager) (?:about|at) the (?:opportunity|prospect|chance) to\\b", ['I would welcome the chance to', 'I would love the chance to']),
  r('\\bI look forward to the (?:possibility|opportunity) of discussing\\b', ['I would be glad to talk about', 'I would welcome the chance to talk about']),
  r('\\bI look forward to the (?:possibility|opportunity|chance) to discuss\\b', ['I would be glad to talk about']),
  v('\\b(?:align|aligns|aligned|aligning) with your (?:needs|requirements)\\b', ['{match} what you need', '{suit} your needs']),
  r('\\bI hope (?:this|my) (?:email|message|note|letter) finds you (?:well|in good health)(?=[.!])', ['I hope you are well', 'I hope you are doing well']),
  r("\\bplease (?:do not|don't) hesitate to (?:reach out|contact (?:me|us)|get in touch)\\b", ['feel free to get in touch', 'just get in touch']),
  r('\\bat your earliest convenience\\b', ['when you can', 'soon']),
  r('\\bplease find attached\\b', ['I have attached']),
  r('\\btouch base\\b', ['check in']),
  r('\\bcircle back(?= to\\b)', ['come back', 'return']),
  r('\\bto the next level\\b', ['further', 'up a notch']),
  r('\\bstate-of-the-art(?= [a-z])', ['modern', 'up-to-date']),
  r('\\beffortlessly\\b', ['easily']),
  r('\\bthe ultimate solution for\\b', ['the best choice for']),
  r('\\bthe ultimate solution to\\b', ['the answer to']),
  r('\\bmeticulously crafted\\b', ['carefully made']),
  r('\\bboasts(?= (?:a|an|the|over|more|two|three|four|five|\\d+)\\b)', ['has']),
];

/** Sentence openers; '' drops the opener. A replacement ending in ',' keeps the comma. */
export const OPENERS: PhraseRule[] = [
  r('^Moreover,\\s+', ['Also, ', "What's more, ", '', 'And ']),
  r('^Furthermore,\\s+', ['Also, ', 'Plus, ', '']),
  r('^Additionally,\\s+', ['Also, ', 'On top of that, ', '']),
  r('^In addition,\\s+', ['Also, ', 'On top of that, ', '']),
  r('^Consequently,\\s+', ['So ', 'As a result, ']),
  // "That is why this …" reads badly, so the plain "So" carries these.
  r('^(?:Therefore|Thus|Hence),\\s+', ['So ', 'Because of this, ', 'As a result, ']),
  r('^(?:Nevertheless|Nonetheless),\\s+', ['Still, ', 'Even so, ', 'But ']),
  r('^However,\\s+', ['But ', 'Still, ', 'However, ']),
  r('^Ultimately,\\s+', ['In the end, ', '']),
  r('^In conclusion,\\s+', ['', 'All in all, ', 'So ']),
  r('^(?:In summary|To summarize|To sum up),\\s+', ['In short, ', '']),
  r('^Overall,\\s+', ['', 'All told, ']),
  r('^(?:Notably|Importantly),\\s+', ['', 'In particular, ']),
  r('^(?:Essentially|In essence),\\s+', ['Basically, ', 'In short, ']),
  r('^Subsequently,\\s+', ['Later, ', 'Then ', 'After that, ']),
  r('^Conversely,\\s+', ['On the other hand, ', 'By contrast, ']),
  r('^Accordingly,\\s+', ['So ', 'Because of that, ']),
  r('^Indeed,\\s+', ['', 'In fact, ']),
  r('^Firstly,\\s+', ['First, ']),
  r('^Secondly,\\s+', ['Second, ']),
  r('^Thirdly,\\s+', ['Third, ']),
  r('^Lastly,\\s+', ['Finally, ']),
  r('^Undoubtedly,\\s+', ['No doubt ', 'Clearly, ']),
  r('^Interestingly,\\s+', ['', 'Oddly, ']),
  r('^Overall, it is clear that\\s+', ['']),
  r('^It is clear that\\s+', ['Clearly, ', '']),
];

/** Chatbot leftovers: whole sentences that are dropped when they match. */
export const ARTIFACT_SENTENCES: RegExp[] = [
  /^(?:Certainly|Absolutely|Sure|Of course)[!.]$/i,
  /^Great question[!.]$/i,
  /^I hope (?:this|that) helps\b.*[.!]$/i,
  /^Let me know if\b.*[.!]$/i,
  /^Feel free to (?:ask|reach out|let me know)\b.*[.!]$/i,
  /^(?:Here's|Here is) a (?:breakdown|summary|quick overview)[^.!?]*:$/i,
  /^As an AI language model\b.*[.!]$/i,
  /^As of my (?:last )?knowledge (?:update|cutoff)\b.*[.!]$/i,
];

/** Chatbot leftovers inside a sentence. */
export const ARTIFACT_INLINE: PhraseRule[] = [
  r('^(?:Certainly|Absolutely|Sure)! ', ['']),
  r('^Great question! ', ['']),
  r('\\s*\\[citation needed\\]', ['']),
  r('\\s*turn\\d+search\\d+', ['']),
  r('^As an AI language model, ', ['']),
];
