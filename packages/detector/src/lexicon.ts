// Hand-curated lists taken from the project's design notes (published excess-vocabulary studies and
// style guides). They feed the stylometric family and the human-readable reasons for highlights.

export const AI_WORDS = new Set(
  `
delve delves delved delving underscore underscores underscored underscoring showcase showcases showcased showcasing
leverage leverages leveraged leveraging utilize utilizes utilized utilizing utilization facilitate facilitates facilitated
facilitating foster fosters fostered fostering bolster bolsters bolstered harness harnessing harnesses embark embarking
streamline streamlines streamlined enhance enhances enhanced enhancing enhancement elevate elevates elevated elevating
empower empowers empowered empowering unlock unlocking unveil unveils unveiled encompass encompasses encompassing
elucidate ascertain commence garner garnered necessitate necessitates mitigate mitigates mitigating exacerbate
exacerbates spearhead revolutionize revolutionizing resonate resonates align aligns grapple grappling scrutinize
pinpoint surpass signify signifies comprehend augment cultivate cultivating delineate embody embodies ensure ensures
ensuring strive thrive thriving transcend underpin underpins amplify optimize optimizing navigate navigating
crucial pivotal vital paramount essential meticulous meticulously intricate intricacies commendable comprehensive robust
seamless seamlessly multifaceted nuanced nuances transformative innovative groundbreaking unparalleled unprecedented
invaluable noteworthy notable notably remarkable profound compelling dynamic vibrant myriad diverse holistic integral
foundational overarching tapestry testament realm realms landscape journey endeavor endeavors insights interplay
additionally furthermore moreover consequently nevertheless nonetheless ultimately subsequently conversely
particularly primarily predominantly significantly increasingly effectively swiftly thereby essentially undoubtedly
adept akin broader heightened impactful imperative inherent pressing prevalent pronounced substantial
advancements complexities interconnectedness methodologies versatility paving shaping spanning uncharted
`
    .trim()
    .split(/\s+/),
);

export const TRANSITIONS = new Set([
  'moreover',
  'furthermore',
  'additionally',
  'consequently',
  'therefore',
  'thus',
  'hence',
  'nevertheless',
  'nonetheless',
  'however',
  'ultimately',
  'overall',
  'notably',
  'importantly',
  'essentially',
  'subsequently',
  'conversely',
  'accordingly',
  'indeed',
  'firstly',
  'secondly',
  'thirdly',
  'lastly',
  'finally',
  'arguably',
  'undoubtedly',
  'interestingly',
  'in conclusion',
  'in summary',
  'in addition',
  'to summarize',
  'in essence',
  'on the other hand',
  'as a result',
  'for instance',
  'for example',
  'in contrast',
]);

export const STOCK_PHRASES: RegExp[] = [
  /\bit(?:'s| is) (?:important|worth|crucial|essential|vital) (?:to note|noting|mentioning|to recognize|to understand|to remember|to consider)\b/i,
  /\bin today's (?:fast-paced|digital|modern|ever-changing|rapidly)\b/i,
  /\bever-(?:evolving|changing)\b/i,
  /\bin the realm of\b/i,
  /\bwhen it comes to\b/i,
  /\bplays? an? (?:crucial|vital|pivotal|key|significant|important|essential) role\b/i,
  /\b(?:stands|serves) as a (?:testament|reminder)\b/i,
  /\ba testament to\b/i,
  /\bnavigat\w* the complexities\b/i,
  /\ba (?:myriad|plethora) of\b/i,
  /\ba (?:wide|diverse) (?:range|array|variety) of\b/i,
  /\brich tapestry\b/i,
  /\bpave[sd]? the way\b/i,
  /\bshed(?:s|ding)? light on\b/i,
  /\b(?:unlock|harness)\w* the (?:full )?(?:potential|power)\b/i,
  /\bdouble-edged sword\b/i,
  /\bcannot be overstated\b/i,
  /\bat its core\b/i,
  /\bin conclusion\b/i,
  /\bin summary\b/i,
  /\bnot only\b[^.!?]{1,80}\bbut also\b/i,
  /\bfirst and foremost\b/i,
  /\bin an era (?:where|of)\b/i,
  /\bsense of (?:community|belonging|accomplishment|purpose)\b/i,
  /\bcontribute[sd]? to (?:a|the) (?:more|better|overall)\b/i,
  /\b(?:foster|cultivate)s? a (?:culture|sense)\b/i,
  /\bvaluable (?:insights|lessons|skills)\b/i,
  /\b(?:overall|ultimately), (?:the|this|it)\b/i,
];

/** Plain prose: a text with none of the stock phrases above (how the training weights and the benches slice AI text). */
export function isPlainProse(text: string): boolean {
  return !STOCK_PHRASES.some((re) => re.test(text));
}

// Casual markers: interjections, slang and fillers. People use a few; a model told to "sound human" or to write
// in a child's or an amateur's voice piles them up. They feed two stylometric figures (features.ts).
export const CASUAL_WORDS = new Set(
  `
omg oh wow whoa woah yay ugh haha hahaha lol lmao yikes hey yo duh phew gosh geez jeez um uh hmm meh nah yep yup
yeah nope okay ok totes totally super awesome cool dude guys folks peeps kinda sorta gonna wanna gotta dunno ya
y'know ain't def legit vibe vibes epic stuff thingy basically literally crazy insane bummer bucks kiddo buddy pal mega
tbh btw imo fyi fam bro lotsa cuz coz whatnot
`
    .trim()
    .split(/\s+/),
);

/** Casual phrases, counted like CASUAL_WORDS (global, case-insensitive). */
export const CASUAL_PHRASES =
  /\blike,|, like\b|\byou know\b|\bright\?|\bso yeah\b|\band stuff\b|\bor whatever\b|\bkind of like\b|\bguess what\b|\bbut wait\b|\bnitty-gritty\b/gi;

export const FUNCTION_WORDS = new Set(
  `
a an the this that these those some any no every each either neither all both half several many much more most few
fewer less least other another such what which whose whatever whichever
i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his himself she her hers herself
it its itself they them their theirs themselves one ones someone somebody something anyone anybody anything everyone
everybody everything nobody nothing who whom whoever
be am is are was were been being have has had having do does did doing done will would shall should can could may might
must ought need dare get gets got
about above across after against along amid among around as at before behind below beneath beside besides between
beyond but by despite down during except for from in inside into like near of off on onto out outside over past per
since than through throughout till to toward towards under underneath unlike until up upon via with within without
and or nor so yet because although though while whereas if unless whether once when whenever where wherever why how
however therefore thus hence moreover furthermore additionally also too very just only even still already again ever
never always often sometimes usually not really quite rather almost perhaps maybe then there here now today indeed
yes no oh well instead else otherwise actually probably certainly especially finally first second lastly
let lets let's don't doesn't didn't isn't aren't wasn't weren't won't wouldn't can't couldn't shouldn't haven't hasn't
hadn't i'm i've i'd i'll you're you've you'd you'll he's she's it's we're we've we'll they're they've they'll that's
there's what's who's let's
`
    .trim()
    .split(/\s+/),
);
