/**
 * The AI-tell word lexicon (humanizer-notes section 2.A-2.D), written in-house.
 * Verbs are stored by lemma; the engine inflects the head of both the tell and the alternative, so
 * "showcased" becomes "showed" and "delving into" becomes "digging into".
 * `skipNext` / `skipPrev` are the sense guards: the tell is left alone when a neighbouring word says it is
 * the literal or technical sense ("foster care", "navigate to", "statistically significant").
 */
export type Pos = 'verb' | 'adj' | 'noun' | 'adv';

export interface LexEntry {
  pos: Pos;
  /** Lemma, possibly with a particle ("delve into"); for nouns the singular. */
  word: string;
  alts: string[];
  /** Words after the match that veto it. */
  skipNext?: string[];
  /** Words before the match that veto it. */
  skipPrev?: string[];
  /** Plural surface form when it is irregular or the only form used. */
  plural?: string;
  /** Only the plural form is a tell ("insights", "stakeholders"). */
  pluralOnly?: boolean;
  /** Alternatives when "to" or "that" follows ("crucial to protect" reads wrong as "key to protect"). */
  toAlts?: string[];
  /** Adjectives: alternatives when no noun follows ("this step is crucial." reads wrong as "… is key."). */
  predAlts?: string[];
  /** Words among the next three that veto it ("navigate these roads" is the literal sense). */
  skipWithin?: string[];
  /** Alternatives chosen by the next word ("vibrant colors" → "bright colors", else "lively"). */
  nextAlts?: { next: string[]; alts: string[] };
}

const DET = ['a', 'an', 'the', 'this', 'that', 'its', 'their', 'his', 'her', 'our', 'my', 'your', 'each', 'every'];

export const LEXICON: LexEntry[] = [
  // Verbs
  { pos: 'verb', word: 'delve into', alts: ['look into', 'dig into'] },
  { pos: 'verb', word: 'delve deeper into', alts: ['look more closely at', 'dig further into'] },
  { pos: 'verb', word: 'utilize', alts: ['use'] },
  { pos: 'verb', word: 'leverage', alts: ['use', 'make use of'], skipPrev: DET },
  { pos: 'verb', word: 'facilitate', alts: ['support'] },
  { pos: 'verb', word: 'foster', alts: ['encourage', 'support'], skipNext: ['care', 'parent', 'parents', 'child', 'children', 'home', 'homes', 'family', 'families', 'mother', 'father'] },
  { pos: 'verb', word: 'bolster', alts: ['strengthen', 'boost'], skipPrev: DET },
  { pos: 'verb', word: 'underscore', alts: ['show', 'stress', 'make clear'], skipPrev: DET },
  { pos: 'verb', word: 'showcase', alts: ['show', 'display'], skipPrev: DET },
  { pos: 'verb', word: 'harness', alts: ['use', 'tap into'], skipPrev: DET },
  { pos: 'verb', word: 'navigate', alts: ['deal with', 'handle'], skipWithin: ['roads', 'road', 'traffic', 'streets', 'waters', 'terrain', 'balance', 'line', 'path', 'course', 'maze', 'route', 'world', 'landscape'], skipNext: ['to', 'the', 'back', 'through', 'away', 'between', 'around', 'menu', 'traffic', 'roads', 'streets', 'city', 'cities', 'terrain', 'waters', 'seas', 'trails', 'routes', 'website', 'websites', 'site', 'page', 'pages', 'app', 'map', 'maps'] },
  { pos: 'verb', word: 'embark on', alts: ['start', 'begin'] },
  { pos: 'verb', word: 'embark upon', alts: ['start', 'begin'] },
  { pos: 'verb', word: 'streamline', alts: ['simplify', 'speed up'] },
  { pos: 'verb', word: 'enhance', alts: ['improve'] },
  { pos: 'verb', word: 'empower', alts: ['help'], skipPrev: ['feel', 'feels', 'felt', 'feeling', 'more', 'less', 'truly'] },
  { pos: 'verb', word: 'unveil', alts: ['reveal'] },
  { pos: 'verb', word: 'encompass', alts: ['cover', 'include'] },
  { pos: 'verb', word: 'elucidate', alts: ['explain', 'clarify'] },
  { pos: 'verb', word: 'ascertain', alts: ['find out'] },
  { pos: 'verb', word: 'commence', alts: ['start', 'begin'] },
  { pos: 'verb', word: 'garner', alts: ['get', 'earn', 'draw'] },
  { pos: 'verb', word: 'necessitate', alts: ['require', 'need', 'call for'] },
  { pos: 'verb', word: 'mitigate', alts: ['reduce'], skipPrev: ['be', 'been', 'being', 'is', 'are', 'was', 'were'] },
  { pos: 'verb', word: 'exacerbate', alts: ['worsen', 'make worse'] },
  { pos: 'verb', word: 'spearhead', alts: ['lead'], skipPrev: DET },
  { pos: 'verb', word: 'revolutionize', alts: ['transform'] },
  { pos: 'verb', word: 'resonate with', alts: ['connect with', 'appeal to'] },
  { pos: 'verb', word: 'grapple with', alts: ['struggle with', 'wrestle with'] },
  { pos: 'verb', word: 'scrutinize', alts: ['examine'] },
  { pos: 'verb', word: 'pinpoint', alts: ['identify'] },
  { pos: 'verb', word: 'surpass', alts: ['exceed', 'beat'] },
  { pos: 'verb', word: 'signify', alts: ['mean'] },
  { pos: 'verb', word: 'comprehend', alts: ['understand', 'grasp'] },
  { pos: 'verb', word: 'augment', alts: ['add to', 'increase', 'boost'], skipNext: ['reality'] },
  { pos: 'verb', word: 'delineate', alts: ['outline', 'describe'] },
  { pos: 'verb', word: 'strive', alts: ['try'], nextAlts: { next: ['for', 'toward', 'towards'], alts: ['aim'] } },
  { pos: 'verb', word: 'underpin', alts: ['support'], skipPrev: DET },
  { pos: 'verb', word: 'orchestrate', alts: ['organize'] },
  { pos: 'verb', word: 'propel', alts: ['drive', 'push'], skipNext: ['forward'] },
  { pos: 'verb', word: 'hinge on', alts: ['depend on', 'turn on'] },
  { pos: 'verb', word: 'serve as', alts: ['be'] },
  { pos: 'verb', word: 'pave the way for', alts: ['open the door to', 'make room for'] },
  { pos: 'verb', word: 'shed light on', alts: ['explain', 'clarify'] },
  { pos: 'verb', word: 'exemplify', alts: ['show', 'illustrate'] },
  { pos: 'verb', word: 'epitomize', alts: ['typify'] },
  // Adjectives
  { pos: 'adj', word: 'crucial', alts: ['important', 'key'], toAlts: ['essential'], predAlts: ['important', 'essential'] },
  { pos: 'adj', word: 'pivotal', alts: ['key'], toAlts: ['central'], predAlts: ['important'] },
  { pos: 'adj', word: 'vital', alts: ['important', 'essential', 'key'], toAlts: ['essential'], predAlts: ['important', 'essential'], skipNext: ['signs', 'sign', 'statistics', 'organs', 'organ', 'records'] },
  { pos: 'adj', word: 'paramount', alts: ['top'], predAlts: [], toAlts: [], skipNext: ['importance'] },
  { pos: 'adj', word: 'meticulous', alts: ['careful', 'thorough', 'painstaking'] },
  { pos: 'adj', word: 'intricate', alts: ['complex'] },
  { pos: 'adj', word: 'commendable', alts: ['admirable'] },
  { pos: 'adj', word: 'comprehensive', alts: ['thorough'], skipNext: ['victory', 'win', 'defeat', 'school', 'schools', 'insurance', 'coverage'] },
  { pos: 'adj', word: 'robust', alts: ['strong'], toAlts: [], predAlts: [], skipNext: ['estimator', 'estimators', 'regression', 'statistics', 'standard', 'errors', 'optimization'] },
  { pos: 'adj', word: 'seamless', alts: ['smooth', 'easy'] },
  { pos: 'adj', word: 'multifaceted', alts: ['complex', 'varied'] },
  { pos: 'adj', word: 'groundbreaking', alts: ['pioneering'] },
  { pos: 'adj', word: 'cutting-edge', alts: ['latest', 'newest', 'advanced'], predAlts: ['advanced'] },
  { pos: 'adj', word: 'unparalleled', alts: ['unmatched', 'unrivaled'] },
  { pos: 'adj', word: 'invaluable', alts: ['very useful'] },
  { pos: 'adj', word: 'noteworthy', alts: ['notable'], predAlts: ['worth noting', 'notable'], toAlts: [] },
  { pos: 'adj', word: 'remarkable', alts: ['impressive'] },
  { pos: 'adj', word: 'profound', alts: [], nextAlts: { next: ['impact', 'impacts', 'effect', 'effects', 'influence', 'understanding', 'change', 'changes', 'sense', 'love', 'connection', 'respect', 'knowledge', 'gratitude', 'sadness', 'loss', 'bond', 'appreciation', 'admiration', 'concern', 'regret', 'sorrow', 'grief', 'insight', 'shift'], alts: ['deep'] } },
  { pos: 'adj', word: 'compelling', alts: ['strong'], predAlts: [], nextAlts: { next: ['narrative', 'narratives', 'story', 'stories', 'read', 'novel', 'plot', 'tale', 'drama', 'film', 'book', 'character', 'characters'], alts: ['gripping'] } },
  { pos: 'adj', word: 'vibrant', alts: [], skipNext: ['life', 'lives'], nextAlts: { next: ['color', 'colors', 'colour', 'colours', 'hues', 'hue', 'palette', 'shades', 'tones', 'red', 'blue', 'green', 'yellow', 'orange', 'pink', 'purple', 'flowers', 'patterns'], alts: ['bright'] } },
  { pos: 'adj', word: 'holistic', alts: ['overall'], predAlts: [] },
  { pos: 'adj', word: 'foundational', alts: ['basic'] },
  { pos: 'adj', word: 'overarching', alts: ['main', 'overall'] },
  { pos: 'adj', word: 'ever-evolving', alts: ['changing', 'shifting', 'fast-moving'] },
  { pos: 'adj', word: 'ever-changing', alts: ['changing', 'shifting'] },
  { pos: 'adj', word: 'fast-paced', alts: ['fast-moving'] },
  { pos: 'adj', word: 'tangible', alts: ['real', 'concrete'] },
  { pos: 'adj', word: 'actionable', alts: ['practical'] },
  { pos: 'adj', word: 'impactful', alts: ['effective', 'powerful'] },
  { pos: 'adj', word: 'bustling', alts: [], nextAlts: { next: ['city', 'cities', 'street', 'streets', 'market', 'markets', 'crowd', 'crowds', 'town', 'metropolis', 'square', 'port', 'neighborhood', 'downtown', 'hub', 'capital'], alts: ['busy'] } },
  { pos: 'adj', word: 'formidable', alts: ['tough', 'serious'] },
  { pos: 'adj', word: 'prevalent', alts: ['common', 'widespread'] },
  { pos: 'adj', word: 'daunting', alts: ['hard', 'tough'] },
  { pos: 'adj', word: 'unwavering', alts: ['steady'] },
  { pos: 'adj', word: 'steadfast', alts: ['firm', 'steady'] },
  { pos: 'adj', word: 'myriad', alts: ['many', 'countless'], skipPrev: ['a'] },
  { pos: 'adj', word: 'adept', alts: ['skilled', 'good'] },
  { pos: 'adj', word: 'swift', alts: ['quick', 'fast'] },
  { pos: 'adj', word: 'pressing', alts: ['urgent'], skipNext: ['the', 'a', 'an', 'on', 'down', 'for', 'it', 'them', 'this', 'that', 'your', 'their'] },
  // Nouns
  { pos: 'noun', word: 'realm', alts: ['world'], skipNext: ['of'] },
  { pos: 'noun', word: 'paradigm', alts: ['model', 'approach'], skipNext: ['shift', 'shifts'] },
  { pos: 'noun', word: 'endeavor', alts: ['effort'] },
  { pos: 'noun', word: 'endeavour', alts: ['effort'] },
  { pos: 'noun', word: 'intricacy', alts: ['detail', 'fine point'], plural: 'intricacies', pluralOnly: true },
  { pos: 'noun', word: 'nuance', alts: ['subtlety', 'detail'], plural: 'nuances', pluralOnly: true },
  { pos: 'noun', word: 'interplay', alts: ['interaction'] },
  { pos: 'noun', word: 'cornerstone', alts: ['foundation'] },
  { pos: 'noun', word: 'linchpin', alts: ['key part', 'anchor'] },
  { pos: 'noun', word: 'advancement', alts: ['advance'], pluralOnly: true },
  { pos: 'noun', word: 'facet', alts: ['aspect'] },
  { pos: 'noun', word: 'avenue', alts: ['way', 'option'], skipPrev: ['fifth', 'park', 'madison'] },
  { pos: 'noun', word: 'methodology', alts: ['method', 'approach'], plural: 'methodologies' },
  { pos: 'noun', word: 'utilization', alts: ['use'] },
  { pos: 'noun', word: 'individual', alts: ['person'], plural: 'individuals', pluralOnly: true },
  { pos: 'noun', word: 'game-changer', alts: ['turning point', 'big change'] },
  { pos: 'noun', word: 'interconnectedness', alts: ['connection', 'link'] },
  { pos: 'noun', word: 'underpinning', alts: ['root'], pluralOnly: true },
  // Adverbs
  { pos: 'adv', word: 'seamlessly', alts: ['smoothly', 'easily'] },
  { pos: 'adv', word: 'meticulously', alts: ['carefully'] },
  { pos: 'adv', word: 'particularly', alts: ['especially'] },
  { pos: 'adv', word: 'primarily', alts: ['mainly'] },
  { pos: 'adv', word: 'predominantly', alts: ['mainly'] },
  { pos: 'adv', word: 'increasingly', alts: ['more and more'], skipPrev: DET },
  { pos: 'adv', word: 'swiftly', alts: ['quickly'] },
  { pos: 'adv', word: 'intricately', alts: ['carefully'], nextAlts: { next: ['linked', 'connected', 'tied', 'woven', 'intertwined', 'related', 'interwoven', 'bound'], alts: ['closely'] } },
  { pos: 'adv', word: 'profoundly', alts: ['deeply'] },
  { pos: 'adv', word: 'undeniably', alts: ['clearly', 'certainly'] },
];

/** Irregular inflections for heads that appear on either side of the lexicon. [3sg, past, participle, gerund] */
export const IRREGULAR: Record<string, [string, string, string, string]> = {
  be: ['is', 'was', 'been', 'being'],
  dig: ['digs', 'dug', 'dug', 'digging'],
  get: ['gets', 'got', 'gotten', 'getting'],
  set: ['sets', 'set', 'set', 'setting'],
  put: ['puts', 'put', 'put', 'putting'],
  run: ['runs', 'ran', 'run', 'running'],
  draw: ['draws', 'drew', 'drawn', 'drawing'],
  build: ['builds', 'built', 'built', 'building'],
  make: ['makes', 'made', 'made', 'making'],
  take: ['takes', 'took', 'taken', 'taking'],
  show: ['shows', 'showed', 'shown', 'showing'],
  begin: ['begins', 'began', 'begun', 'beginning'],
  beat: ['beats', 'beat', 'beaten', 'beating'],
  find: ['finds', 'found', 'found', 'finding'],
  mean: ['means', 'meant', 'meant', 'meaning'],
  lead: ['leads', 'led', 'led', 'leading'],
  grasp: ['grasps', 'grasped', 'grasped', 'grasping'],
  understand: ['understands', 'understood', 'understood', 'understanding'],
  tap: ['taps', 'tapped', 'tapped', 'tapping'],
  top: ['tops', 'topped', 'topped', 'topping'],
  stir: ['stirs', 'stirred', 'stirred', 'stirring'],
  strive: ['strives', 'strove', 'striven', 'striving'],
  underpin: ['underpins', 'underpinned', 'underpinned', 'underpinning'],
  propel: ['propels', 'propelled', 'propelled', 'propelling'],
  shed: ['sheds', 'shed', 'shed', 'shedding'],
  pave: ['paves', 'paved', 'paved', 'paving'],
  try: ['tries', 'tried', 'tried', 'trying'],
  lift: ['lifts', 'lifted', 'lifted', 'lifting'],
  drive: ['drives', 'drove', 'driven', 'driving'],
  span: ['spans', 'spanned', 'spanned', 'spanning'],
  worsen: ['worsens', 'worsened', 'worsened', 'worsening'],
  open: ['opens', 'opened', 'opened', 'opening'],
  sum: ['sums', 'summed', 'summed', 'summing'],
  wrestle: ['wrestles', 'wrestled', 'wrestled', 'wrestling'],
  do: ['does', 'did', 'done', 'doing'],
  deal: ['deals', 'dealt', 'dealt', 'dealing'],
  leave: ['leaves', 'left', 'left', 'leaving'],
  matter: ['matters', 'mattered', 'mattered', 'mattering'],
  go: ['goes', 'went', 'gone', 'going'],
  have: ['has', 'had', 'had', 'having'],
};

export function inflectVerb(lemma: string): { base: string; s: string; past: string; part: string; ing: string } {
  const irr = IRREGULAR[lemma];
  if (irr) return { base: lemma, s: irr[0], past: irr[1], part: irr[2], ing: irr[3] };
  let s: string;
  if (/(s|x|z|ch|sh)$/.test(lemma)) s = lemma + 'es';
  else if (/[^aeiou]y$/.test(lemma)) s = lemma.slice(0, -1) + 'ies';
  else s = lemma + 's';
  let ed: string;
  let ing: string;
  if (lemma.endsWith('e')) {
    ed = lemma + 'd';
    ing = lemma.endsWith('ee') ? lemma + 'ing' : lemma.slice(0, -1) + 'ing';
  } else if (/[^aeiou]y$/.test(lemma)) {
    ed = lemma.slice(0, -1) + 'ied';
    ing = lemma + 'ing';
  } else {
    ed = lemma + 'ed';
    ing = lemma + 'ing';
  }
  return { base: lemma, s, past: ed, part: ed, ing };
}

export function pluralize(noun: string): string {
  const words = noun.split(' ');
  // "person involved" pluralizes its head, not its last word.
  const headIdx = words.length > 1 && words[1] === 'involved' ? 0 : words.length - 1;
  const head = words[headIdx] ?? noun;
  let p: string;
  if (head === 'person') p = 'people';
  else if (/(s|x|z|ch|sh)$/.test(head)) p = head + 'es';
  else if (/[^aeiou]y$/.test(head)) p = head.slice(0, -1) + 'ies';
  else p = head + 's';
  words[headIdx] = p;
  return words.join(' ');
}
