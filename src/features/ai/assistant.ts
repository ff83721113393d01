/**
 * The shoppers' knowledge assistant (admin.md §2, D26, D27): the built-in knowledge base, how a
 * question is matched to its topics, and how an answer or an article is composed from them.
 * Pure: the catalogue lookups and the model call live in assistant.server.ts.
 *
 * Copy rules (D27): general, adult-oriented information; what customers report, never what
 * cannabis does for a condition; no wording aimed at anyone under 21. Every text here passes
 * checkAll (assistant.test.ts). Legal facts are dated and name their official source.
 */
import { formatMoney } from '../../lib/money.ts';
import { PRICING, SITE } from '../site/settings.ts';

/** Per address, for /api/ask and /api/generate-content together. */
export const ASSISTANT_RATE_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 } as const;
/** What an address over ASSISTANT_RATE_LIMIT reads. */
export const ASSISTANT_RATE_LIMITED = "You've asked a lot of questions in a short time. Please try again in a few minutes.";
/** Products named in one answer. */
export const MAX_PRODUCTS_IN_ANSWER = 5;
/** Related topics offered under an answer. */
export const RELATED_TOPIC_COUNT = 4;
/** Topics (beyond the first) an article draws on, and the takeaways it lists. */
const MAX_EXTRA_ARTICLE_TOPICS = 2;
const MAX_TAKEAWAYS = 6;

export const BUILT_IN_ANSWER_MESSAGE = 'Answered from our built-in cannabis guide.';
export const BUILT_IN_CONTENT_MESSAGE = 'Written from our built-in cannabis guide.';

/** The year the legal facts below were last checked against their sources. */
export const LEGAL_FACTS_AS_OF = '2025';

/** A keyword, or a keyword with its weight (default 1; phrases of several words count double). */
type Keyword = string | readonly [string, number];

export interface Topic {
  id: string;
  title: string;
  summary: string;
  body: readonly string[];
  takeaways: readonly string[];
  keywords: readonly Keyword[];
  /** Topic ids offered as related topics, best first. */
  related: readonly string[];
  /** Whether naming products from the menu fits an answer on this topic. */
  products: boolean;
  /** One of the per-jurisdiction law topics. */
  jurisdiction?: true;
}

const asOf = `as of ${LEGAL_FACTS_AS_OF}`;
const checkSource = 'Laws change: check the official source before you rely on these details.';

export const TOPICS: readonly Topic[] = [
  {
    id: 'strain-types',
    title: 'Indica, Sativa and Hybrid Strains',
    summary:
      "Indica, sativa and hybrid are the labels most menus use to sort cannabis. They are a useful shorthand, but a strain's terpenes and its THC and CBD content say more about how it is likely to feel.",
    body: [
      'The names come from botany: Cannabis indica plants are short and bushy with broad leaves, while Cannabis sativa plants are tall with narrow leaves. Decades of crossbreeding mean almost everything sold today is genetically a hybrid, so the labels are best read as a summary of what customers commonly report.',
      'Indica strains are usually described as relaxing and body-focused and are popular in the evening, for example Granddaddy Purple, Northern Lights and Bubba Kush. Sativa strains are usually described as uplifting, energetic and clear-headed and are popular in the daytime, for example Sour Diesel, Jack Herer and Durban Poison. Hybrids sit in between and are often called indica-leaning or sativa-leaning, for example Blue Dream, OG Kush and Gelato.',
      'How a strain feels depends more on its terpenes (aroma compounds) and its balance of THC and CBD than on the label, and two batches of the same strain can differ. Read the lab label, notice the aroma, and keep notes on what you enjoy.',
      'CBD-rich strains such as Harlequin and ACDC contain much less THC relative to CBD and are far less intoxicating.',
    ],
    takeaways: [
      'Indica usually means relaxing and evening-friendly; sativa usually means uplifting and daytime-friendly; hybrids sit in between.',
      'The labels are a shorthand, not a guarantee: nearly all modern strains are hybrids.',
      'Terpenes and the THC to CBD balance shape the experience more than the label does.',
      'Try a small amount of any new strain first and note how it feels.',
    ],
    keywords: [
      ['indica', 3],
      ['sativa', 3],
      ['hybrid', 3],
      ['strain', 2],
      'type',
      'kind',
      'difference',
      'landrace',
      'leaning',
      'genetic',
      'cross',
      'phenotype',
    ],
    related: ['choosing-effects', 'terpenes', 'thc', 'cbd'],
    products: true,
  },
  {
    id: 'choosing-effects',
    title: 'Choosing a Product by Effect',
    summary:
      'Customers describe cannabis with words like relaxing, sleepy, uplifting, energizing, focused, creative and euphoric. Strain type, terpenes, THC and CBD content, the dose and the way you consume all play a part.',
    body: [
      'For winding down in the evening, customers often choose indica or indica-leaning strains rich in myrcene or linalool and describe them as relaxing or sleepy. For the daytime, sativa or sativa-leaning strains with limonene, pinene or terpinolene are often described as uplifting, energizing or focused.',
      'The dose matters as much as the strain. A small amount of a relaxing strain can feel calm and pleasant while a large amount can feel heavy, and a large amount of an energizing strain can feel racy. If you are new, a lower-THC or balanced THC and CBD product is a gentle place to begin.',
      'Our menu lists the effects customers report for each product. They are reports, not promises: everyone responds differently, so start low, go slow and keep notes on what works for you.',
    ],
    takeaways: [
      'Relaxing and sleepy effects are most often reported for indica strains; uplifting and energizing effects for sativas.',
      'The dose changes the experience as much as the strain does.',
      'Reported effects are a guide, not a promise: everyone responds differently.',
      'New consumers do well with lower-THC or balanced products.',
    ],
    keywords: [
      ['effect', 2],
      'relax',
      'calm',
      'chill',
      'unwind',
      'mellow',
      'sleep',
      'sleepy',
      'bed',
      'bedtime',
      'night',
      'evening',
      'energ',
      'uplift',
      'focus',
      'creative',
      'creativity',
      'happy',
      'euphori',
      'mood',
      'social',
      'party',
      'daytime',
      'morning',
      'feel',
      'feeling',
      'recommend',
      'suggest',
      'something for',
    ],
    related: ['strain-types', 'terpenes', 'dosing', 'cbd'],
    products: true,
  },
  {
    id: 'thc',
    title: 'THC: Potency and What It Does',
    summary:
      'THC (delta-9-tetrahydrocannabinol) is the main intoxicating compound in cannabis, the one responsible for the high. Labels show it as a percentage for flower and concentrates and in milligrams for edibles.',
    body: [
      'Flower commonly tests between about 15% and 30% THC, vape oils between about 70% and 90%, and concentrates between about 60% and 90%. An edible states the milligrams of THC per piece and per package.',
      'Higher THC is not automatically better. More potency means a stronger effect from a smaller amount and a greater chance of feeling anxious, dizzy or overwhelmed. Many experienced consumers prefer flower in the middle of the range for a balanced experience.',
      'The raw plant contains mostly THCA, which becomes THC when heated. That is why labels often show "total THC", which counts both.',
      'Common side effects include dry mouth, red eyes, increased appetite, a faster heartbeat and short-term memory lapses. THC slows reaction time and impairs coordination, so never drive after using it.',
    ],
    takeaways: [
      'THC is the compound that produces the high.',
      'Flower is usually 15% to 30% THC; concentrates and vape oils are far stronger.',
      'Higher potency is not better for everyone: a smaller amount goes further.',
      'Never drive after using THC.',
    ],
    keywords: [
      ['thc', 3],
      'potency',
      'potent',
      'strong',
      'strength',
      'strongest',
      'percent',
      'percentage',
      'high',
      'delta',
      'thca',
      'tetrahydrocannabinol',
      'total thc',
      'intoxicating',
    ],
    related: ['cbd', 'dosing', 'other-cannabinoids', 'lab-testing'],
    products: true,
  },
  {
    id: 'cbd',
    title: 'CBD and THC to CBD Ratios',
    summary:
      'CBD (cannabidiol) is the second best-known cannabinoid. It does not produce a high on its own, and products that pair it with THC are popular with people who want a milder experience.',
    body: [
      'Many consumers report that CBD takes the edge off THC, which is why balanced 1:1 products are popular with newcomers and with people who find THC too intense. Research on how the two interact is still mixed.',
      'A ratio describes the balance: a 1:1 product has equal amounts of THC and CBD, while a 20:1 product is almost all one of them. Check the label to see which cannabinoid each number refers to.',
      'CBD can interact with some medications because it affects the liver enzymes that break many drugs down. If you take any medication, talk to a doctor or pharmacist before using CBD or THC products.',
      'Products from a licensed dispensary are lab-tested and labelled with their CBD and THC content; hemp-derived CBD sold elsewhere is regulated differently.',
    ],
    takeaways: [
      'CBD is not intoxicating on its own.',
      'Balanced 1:1 THC and CBD products are a popular gentle option.',
      'Read the label to know which cannabinoid each number of a ratio refers to.',
      'CBD can interact with medications: ask a doctor or pharmacist first if you take any.',
    ],
    keywords: [
      ['cbd', 3],
      'cannabidiol',
      'ratio',
      ['1 1', 2],
      'balanced',
      'hemp',
      'mild',
      'milder',
      'non intoxicating',
      'without high',
      'not high',
    ],
    related: ['thc', 'other-cannabinoids', 'strain-types', 'health-questions'],
    products: true,
  },
  {
    id: 'other-cannabinoids',
    title: 'Other Cannabinoids: CBN, CBG and THCV',
    summary:
      'Besides THC and CBD, cannabis makes more than a hundred other cannabinoids. A few of them, such as CBN and CBG, now appear on labels and in specialty products.',
    body: [
      'CBN (cannabinol) forms as THC ages and is exposed to air and light, so older flower tends to contain more of it. It is mildly intoxicating and is often blended into products sold for nighttime, although research on its effects in people is still limited.',
      'CBG (cannabigerol) is sometimes called the mother cannabinoid, because the plant makes THCA and CBDA from its acid form, CBGA. It is not known to be intoxicating and is present in small amounts in most strains, and some strains are bred to be rich in it.',
      'THCV (tetrahydrocannabivarin) appears in some African landrace sativas such as Durban Poison, which customers describe as clear-headed and energetic. Delta-8 THC is another name you may see: it is intoxicating and its legal status varies from state to state.',
      'Research on these cannabinoids is at an early stage, so be cautious about bold marketing claims.',
    ],
    takeaways: [
      'CBN forms as THC ages and is mildly intoxicating.',
      'CBG is the precursor of THC and CBD and is not known to be intoxicating.',
      'THCV is found in some African sativas such as Durban Poison.',
      'Research is early: be cautious about bold claims.',
    ],
    keywords: [
      ['cbn', 3],
      ['cbg', 3],
      ['thcv', 3],
      'cbc',
      'cannabinol',
      'cannabigerol',
      'cannabinoid',
      ['delta 8', 2],
      'delta8',
      'rare',
      'other cannabinoid',
    ],
    related: ['thc', 'cbd', 'terpenes', 'lab-testing'],
    products: false,
  },
  {
    id: 'terpenes',
    title: 'Terpenes: Aroma, Flavor and Feel',
    summary:
      'Terpenes are the aromatic compounds that give each strain its smell and taste, from citrus and pine to pepper and lavender. Many consumers and growers believe they also shape how a strain feels.',
    body: [
      'Myrcene is earthy and musky with a hint of ripe mango. It is the most common terpene in cannabis and is often found in strains described as relaxing. Limonene smells of bright citrus and is common in strains described as uplifting. Pinene smells of fresh pine and turns up in strains described as alert and clear-headed.',
      "Linalool is floral and lavender-like and is common in strains described as calming. Beta-caryophyllene is peppery and spicy, and unusually for a terpene it also binds to one of the body's cannabinoid receptors (CB2). Humulene is woody and earthy, the same terpene found in hops. Terpinolene is fruity, herbal and floral and is typical of energetic sativas such as Jack Herer.",
      'The idea that terpenes and cannabinoids work together is called the entourage effect. It is widely discussed but not yet firmly established by research, so use terpenes as a guide to flavor and a hint about effects rather than a guarantee.',
      'Terpenes are volatile: heat, light and air wear them away, which is one reason good storage matters.',
    ],
    takeaways: [
      'Terpenes give each strain its aroma and flavor.',
      'Myrcene and linalool are common in strains described as relaxing; limonene, pinene and terpinolene in strains described as uplifting.',
      'The entourage effect is a popular idea that research has not yet settled.',
      'Heat, light and air wear terpenes away, so store cannabis well.',
    ],
    keywords: [
      ['terpene', 3],
      ['terp', 2],
      ['myrcene', 3],
      ['limonene', 3],
      ['pinene', 3],
      ['linalool', 3],
      ['caryophyllene', 3],
      ['humulene', 3],
      ['terpinolene', 3],
      'ocimene',
      'aroma',
      'smell',
      'flavor',
      'flavour',
      'taste',
      'scent',
      'entourage',
    ],
    related: ['strain-types', 'choosing-effects', 'storage', 'other-cannabinoids'],
    products: false,
  },
  {
    id: 'dosing',
    title: 'Dosing: Start Low, Go Slow',
    summary:
      'Start with a small amount, wait until you feel the full effect, and only then decide whether to have more. How long to wait depends on how you consume.',
    body: [
      'Smoked or vaped cannabis is felt within minutes and peaks within about 30 minutes. Take one or two small puffs and wait 10 to 15 minutes before having more.',
      'Edibles and drinks take 30 minutes to 2 hours to kick in and can last 6 hours or longer. Most are portioned at 5 mg or 10 mg of THC per piece. New consumers often begin with 2.5 mg (half of a 5 mg piece) and wait at least 2 hours before taking more.',
      'Tolerance varies widely with body weight, metabolism, what you have eaten and how often you use cannabis. After a break your tolerance will be lower than it was, so start small again.',
      'If you take too much, stay calm: find a quiet, comfortable place, drink water and rest. The effects fade with time. Avoid more cannabis or alcohol. If someone has chest pain, has trouble breathing or cannot stay awake, call 911.',
    ],
    takeaways: [
      'Start low and go slow with every new product.',
      'Wait 10 to 15 minutes between puffs and at least 2 hours before taking more of an edible.',
      'A common first edible dose is 2.5 mg of THC.',
      'Too much is unpleasant but passes: rest, drink water and wait it out.',
    ],
    keywords: [
      ['dose', 3],
      ['dosing', 3],
      ['dosage', 3],
      ['how much', 1],
      'amount',
      'mg',
      'milligram',
      ['start low', 3],
      ['go slow', 3],
      'beginner',
      'first time',
      'new',
      'newbie',
      'novice',
      'rookie',
      ['too much', 3],
      ['too high', 3],
      'overdo',
      ['green out', 3],
      'greening',
      'serving',
      'puff',
      'hit',
      'wait',
    ],
    related: ['edibles', 'consumption-methods', 'safety', 'tolerance'],
    products: true,
  },
  {
    id: 'edibles',
    title: 'Edibles: Onset, Duration and Dosing',
    summary:
      'Edibles take longer to kick in and last longer than smoking or vaping: expect 30 minutes to 2 hours before you feel them and effects that can last 6 hours or more.',
    body: [
      'When you eat cannabis, your liver turns THC into 11-hydroxy-THC, which many people find stronger and more body-focused than inhaled THC. That, together with the slow onset, is why the most common mistake is taking a second dose too early.',
      "Read the label for the milligrams of THC per piece and per package. Start with 2.5 mg to 5 mg, wait at least 2 hours, and don't stack doses. Food in your stomach can delay and change the onset.",
      'Drinks and products held under the tongue can act sooner, often within 15 to 45 minutes, but the same start-low advice applies.',
      'Edibles look like ordinary snacks. Keep them out of reach of children and pets, ideally in a locked box and in their original labelled packaging. If anyone eats cannabis by accident, call Poison Control at 1-800-222-1222, or 911 in an emergency; for a pet, call your vet.',
    ],
    takeaways: [
      'Edibles take 30 minutes to 2 hours to kick in and can last 6 hours or more.',
      'Start with 2.5 mg to 5 mg of THC and wait at least 2 hours before taking more.',
      'Drinks and products held under the tongue can act sooner.',
      'Keep edibles locked away and out of reach of children and pets.',
    ],
    keywords: [
      ['edible', 3],
      ['gummy', 3],
      'chocolate',
      'candy',
      'chew',
      'mint',
      'drink',
      'beverage',
      'seltzer',
      'brownie',
      'baked',
      'eat',
      'eating',
      'ingest',
      'infused',
      'tincture',
      'sublingual',
      'onset',
      ['kick in', 2],
      ['how long', 2],
    ],
    related: ['dosing', 'consumption-methods', 'safety', 'storage'],
    products: true,
  },
  {
    id: 'consumption-methods',
    title: 'Ways to Consume: Smoking, Vaping, Edibles and More',
    summary: 'How you consume cannabis changes how fast you feel it, how strong it feels and how long it lasts.',
    body: [
      'Smoking flower or pre-rolls is felt within minutes, peaks in about 30 minutes and fades over 1 to 3 hours. It is easy to adjust one puff at a time, but smoke of any kind irritates the lungs.',
      'Vaping has a similar quick onset with less smoke and odor. Dry herb vaporizers heat flower without burning it; cartridges and disposable pens use oil, which is usually more potent than flower.',
      "Edibles and drinks take 30 minutes to 2 hours to kick in and last 6 hours or more. They offer precise milligram doses but are easy to overdo if you don't wait.",
      'Concentrates are very potent and act quickly, so they are best left to experienced adults. Topicals such as balms and lotions are applied to the skin and are generally not intoxicating.',
    ],
    takeaways: [
      'Smoking and vaping act within minutes and fade within a few hours.',
      'Edibles act slowly and last longest.',
      'Concentrates are the most potent form.',
      'Topicals are generally not intoxicating.',
    ],
    keywords: [
      'smoke',
      'smoking',
      'vape',
      'vaping',
      'joint',
      'bong',
      'pipe',
      'blunt',
      'method',
      'way',
      'consume',
      'consumption',
      'inhale',
      'topical',
      'lotion',
      'balm',
      ['best way', 2],
      ['how to use', 2],
      'fastest',
    ],
    related: ['dosing', 'edibles', 'vaping', 'flower'],
    products: true,
  },
  {
    id: 'flower',
    title: 'Buying Flower and Pre-rolls',
    summary:
      'Flower is the dried bud of the cannabis plant and is sold by weight. Pre-rolls are flower that is already rolled and ready to light.',
    body: [
      'Common weights are an eighth (3.5 g), a quarter (7 g), a half ounce (14 g) and an ounce (28 g). Larger weights usually cost less per gram. A typical joint holds 0.5 g to 1 g.',
      'Good flower looks intact and sticky with plenty of trichomes (the frosty crystals), smells strong and specific, such as citrus, pine, fuel or berry, rather than like hay, and is dry enough that the stem snaps but the bud does not crumble. Check the packaging or harvest date when it is shown.',
      'Grind flower evenly before rolling a joint or packing a bowl for a smoother, more even burn. Infused pre-rolls add concentrate or THCA diamonds and are much stronger than plain ones.',
    ],
    takeaways: [
      'An eighth is 3.5 g, a quarter 7 g, a half ounce 14 g and an ounce 28 g.',
      'Good flower smells strong and specific and is sticky with trichomes.',
      'Infused pre-rolls are much stronger than plain ones.',
    ],
    keywords: [
      ['flower', 3],
      'bud',
      'nug',
      'eighth',
      'quarter',
      'ounce',
      'oz',
      'gram',
      'weight',
      ['pre roll', 3],
      ['preroll', 3],
      'joint',
      'blunt',
      'grind',
      'grinder',
      'rolling',
      'paper',
      'trichome',
      'quality',
      'harvest',
    ],
    related: ['strain-types', 'storage', 'consumption-methods', 'lab-testing'],
    products: true,
  },
  {
    id: 'vaping',
    title: 'Vaporizers, Cartridges and Disposables',
    summary:
      'Vapes heat cannabis oil or flower into vapor instead of burning it. They act within minutes, are discreet and come in several formats.',
    body: [
      'Cartridges screw onto a 510-thread battery, the common standard. All-in-one disposables have the battery built in, pods fit one specific device, and dry herb vaporizers heat ground flower instead of oil.',
      'The oil varies. Distillate is refined THC with added terpenes: strong and consistent. Live resin is extracted from fresh-frozen plants and keeps more of the original terpenes. Live rosin is made with heat and pressure only, without solvents.',
      'Buy vapes only from licensed sources with lab results. The 2019 outbreak of lung injuries known as EVALI was linked mainly to vitamin E acetate in illicit THC cartridges.',
      'Start with one short draw and wait 10 to 15 minutes. Store cartridges upright at room temperature away from heat and sunlight, and charge batteries only with the charger made for them.',
    ],
    takeaways: [
      '510-thread cartridges fit most batteries; disposables have the battery built in.',
      'Distillate is strong and consistent; live resin and live rosin keep more of the plant’s terpenes.',
      'Buy vapes only from licensed, lab-tested sources.',
      'Take one short draw and wait 10 to 15 minutes.',
    ],
    keywords: [
      ['vape', 3],
      'vaping',
      ['vapor', 2],
      ['cart', 3],
      ['cartridge', 3],
      'pen',
      'disposable',
      'pod',
      ['510', 2],
      'battery',
      'distillate',
      ['live resin', 2],
      ['all in one', 2],
      'evali',
    ],
    related: ['concentrates', 'consumption-methods', 'lab-testing', 'dosing'],
    products: true,
  },
  {
    id: 'concentrates',
    title: 'Concentrates and Dabbing',
    summary: 'Concentrates are extracts that hold much more THC than flower, often 60% to 90%. They are best suited to experienced adults.',
    body: [
      'Textures include shatter (glassy), wax, budder and badder (creamy), crumble, sugar, sauce and THCA diamonds, as well as solventless hash and rosin.',
      'They are usually dabbed, meaning vaporized on a hot surface with a dab rig or an electronic rig, added to a bowl or joint, or vaped in a device made for concentrates. Lower temperatures, roughly 450°F to 550°F, keep more flavor and feel smoother.',
      'Because even a small dab can be very strong, start with an amount about the size of a grain of rice and wait before having more.',
    ],
    takeaways: [
      'Concentrates are often 60% to 90% THC.',
      'Shatter, wax, badder, sauce, diamonds, hash and rosin are all concentrates.',
      'Start with a dab the size of a grain of rice.',
      'Best for experienced adults.',
    ],
    keywords: [
      ['concentrate', 3],
      ['dab', 3],
      'dabbing',
      'wax',
      'shatter',
      'budder',
      'badder',
      'crumble',
      'sauce',
      'diamond',
      'rosin',
      'resin',
      'hash',
      'extract',
      'kief',
      'rig',
    ],
    related: ['vaping', 'thc', 'dosing', 'consumption-methods'],
    products: true,
  },
  {
    id: 'safety',
    title: 'Safety and Responsible Use',
    summary: `Cannabis is for adults ${SITE.minimumAge} and older. Use it only where it is allowed, never before driving, and keep it locked away.`,
    body: [
      'Never drive or operate machinery after using cannabis. THC slows reaction time and impairs judgment, and driving under the influence is illegal in DC, Maryland and Virginia. Wait until the effects have completely worn off, which takes longer after an edible, or plan a ride.',
      'Mixing cannabis with alcohol strengthens the effects of both and makes overdoing it more likely. Cannabis can interact with medications, including blood thinners and sedatives: if you take any medication or have a health condition, talk to a doctor or pharmacist first. Avoid cannabis if you are pregnant or breastfeeding.',
      'Keep every product out of reach of children and pets, ideally in a locked container. If anyone eats cannabis by accident, call Poison Control at 1-800-222-1222, or 911 in an emergency.',
      'Public consumption is illegal in all three jurisdictions, and cannabis remains illegal on federal land, which includes the National Mall and other federal parks in DC.',
      "Frequent heavy use can lead to dependence. If cannabis is getting in the way of work, relationships or health, SAMHSA's free, confidential National Helpline is 1-800-662-4357.",
    ],
    takeaways: [
      'Never drive after using cannabis.',
      "Don't mix cannabis with alcohol, and ask a doctor or pharmacist first if you take any medication.",
      'Keep cannabis out of reach of children and pets, ideally locked away.',
      'No public consumption, and no cannabis on federal land.',
    ],
    keywords: [
      ['safe', 2],
      ['safety', 3],
      'risk',
      'danger',
      'dangerous',
      ['drive', 3],
      ['driving', 3],
      'car',
      'dui',
      ['alcohol', 3],
      'beer',
      'wine',
      'mix',
      'mixing',
      'medication',
      'pregnant',
      'pregnancy',
      'breastfeeding',
      'pet',
      'dog',
      'cat',
      'kid',
      'child',
      'children',
      'responsible',
      'addiction',
      'addictive',
      'dependence',
      'overdose',
      'side effect',
      'paranoid',
      'paranoia',
      'interaction',
      'poison',
    ],
    related: ['dosing', 'legal-overview', 'storage', 'health-questions'],
    products: false,
  },
  {
    id: 'storage',
    title: 'Storing Cannabis',
    summary:
      'Light, heat, air and moisture break down THC and terpenes. Stored well, flower keeps its best quality for about 6 to 12 months.',
    body: [
      'Store flower in an airtight glass jar in a cool, dark place, ideally between 60°F and 70°F. Over time light, heat and air turn THC into the less potent CBN and wear away the terpenes that give flower its aroma.',
      'Humidity packs that hold 58% to 62% relative humidity keep flower from drying out or growing mold. Avoid plastic bags, whose static pulls off trichomes, and avoid the fridge and freezer, where moisture and brittle trichomes are a problem.',
      'Follow the package for edibles: most keep at room temperature, and chocolates need to stay away from heat. Store vape cartridges upright at room temperature and out of direct sunlight, and concentrates in airtight containers somewhere cool and dark.',
      'Keep everything out of reach of children and pets, ideally in a locked container and in its original labelled packaging.',
    ],
    takeaways: [
      'Use an airtight glass jar in a cool, dark place.',
      'Humidity packs at 58% to 62% keep flower fresh.',
      'Skip plastic bags, the fridge and the freezer for flower.',
      'Keep everything locked away from children and pets.',
    ],
    keywords: [
      ['store', 4],
      ['storage', 4],
      ['storing', 3],
      'fresh',
      'freshness',
      'jar',
      'humidity',
      'boveda',
      'fridge',
      'freezer',
      'refrigerator',
      ['shelf life', 3],
      'expire',
      'expiration',
      'stale',
      'dry',
      'mold',
      'old',
    ],
    related: ['terpenes', 'flower', 'edibles', 'safety'],
    products: false,
  },
  {
    id: 'legal-overview',
    title: 'Cannabis Laws in DC, Maryland and Virginia',
    summary: `Adults ${SITE.minimumAge} and older may possess limited amounts of cannabis in Washington DC, Maryland and Virginia, but the rules on buying, sharing and using it differ. These details are ${asOf}.`,
    body: [
      'Washington DC: under Initiative 71, adults 21 and older may possess up to 2 ounces, grow a few plants at home and give up to 1 ounce to another adult as a gift, but Initiative 71 does not allow sales. Official source: the Alcoholic Beverage and Cannabis Administration, abca.dc.gov.',
      'Maryland: adult-use cannabis has been legal since July 1, 2023. Adults 21 and older may buy and possess up to 1.5 ounces of flower, 12 grams of concentrate and edibles with up to 750 mg of THC. Official source: the Maryland Cannabis Administration, cannabis.maryland.gov.',
      'Virginia: since July 1, 2021 adults 21 and older may possess up to 1 ounce and grow up to 4 plants per household, but licensed retail sales of adult-use cannabis have not started. Official source: the Cannabis Control Authority, cca.virginia.gov.',
      `Everywhere: it is illegal for anyone under 21 to buy or possess cannabis, public consumption and driving under the influence are illegal, you may not take cannabis across state lines, and it remains illegal under federal law, including on federal land. ${checkSource}`,
    ],
    takeaways: [
      'DC: up to 2 ounces for adults 21+ under Initiative 71; gifting up to 1 ounce, no sales (abca.dc.gov).',
      'Maryland: legal since July 1, 2023; up to 1.5 oz of flower, 12 g of concentrate and 750 mg of THC in edibles (cannabis.maryland.gov).',
      'Virginia: up to 1 ounce since July 1, 2021; no licensed retail sales yet (cca.virginia.gov).',
      'No public use, no driving after use and no crossing state lines anywhere.',
    ],
    keywords: [
      ['law', 3],
      ['legal', 3],
      'legality',
      'illegal',
      'allowed',
      'allow',
      'permitted',
      'rule',
      'regulation',
      ['limit', 2],
      'possess',
      'possession',
      'carry',
      ['state line', 3],
      'travel',
      'airport',
      'federal',
      'age',
      'old enough',
      'dmv',
    ],
    related: ['dc-law', 'maryland-law', 'virginia-law', 'safety'],
    products: false,
  },
  {
    id: 'dc-law',
    title: 'Washington DC Cannabis Law',
    summary: `In Washington DC, adults 21 and older may possess up to 2 ounces of cannabis under Initiative 71 (${asOf}). Official source: the Alcoholic Beverage and Cannabis Administration, abca.dc.gov.`,
    body: [
      'Initiative 71, approved by DC voters in 2014 and in effect since February 26, 2015, lets adults 21 and older possess up to 2 ounces of cannabis, grow up to six plants at home (no more than three of them mature at a time) and give up to 1 ounce to another adult as long as nothing is given in exchange.',
      "Initiative 71 does not allow anyone to sell cannabis, and Congress has so far blocked DC from creating a taxed adult-use market. DC's licensed dispensaries operate under its medical cannabis program, which the ABCA oversees; adults 21 and older may be able to self-certify with the ABCA to shop there (check abca.dc.gov for who qualifies).",
      'Consumption is allowed only on private property, not in public places, and much of DC, including the National Mall, is federal land where cannabis remains illegal.',
      checkSource,
    ],
    takeaways: [
      'Adults 21+ may possess up to 2 ounces in DC.',
      'Gifting up to 1 ounce to another adult is allowed; selling is not allowed under Initiative 71.',
      'Use only on private property, never on federal land such as the National Mall.',
      'Official source: abca.dc.gov.',
    ],
    keywords: [
      ['dc', 4],
      ['d c', 4],
      ['washington', 3],
      ['district of columbia', 4],
      ['initiative 71', 6],
      ['i 71', 4],
      'abca',
      'georgetown',
      'gift',
      'gifting',
    ],
    related: ['legal-overview', 'maryland-law', 'virginia-law', 'safety'],
    products: false,
    jurisdiction: true,
  },
  {
    id: 'maryland-law',
    title: 'Maryland Cannabis Law',
    summary: `Adult-use cannabis has been legal in Maryland since July 1, 2023 for adults 21 and older (${asOf}). Official source: the Maryland Cannabis Administration, cannabis.maryland.gov.`,
    body: [
      "Adults 21 and older may buy and possess up to 1.5 ounces of flower, 12 grams of concentrate, and cannabis products such as edibles containing up to 750 mg of THC. This is Maryland's personal use amount, and it also caps a single purchase.",
      'Adults 21 and older may grow up to two plants per household, out of public view. Purchases are made from dispensaries licensed by the Maryland Cannabis Administration.',
      'Consuming cannabis in public places, including in a vehicle, is illegal, as is driving under the influence. Taking cannabis out of Maryland, even into DC or Virginia, is not allowed.',
      checkSource,
    ],
    takeaways: [
      'Legal for adults 21+ since July 1, 2023.',
      'Purchase and possession limit: 1.5 oz of flower, 12 g of concentrate, 750 mg of THC in edibles.',
      'Up to two plants per household; no public consumption.',
      'Official source: cannabis.maryland.gov.',
    ],
    keywords: [
      ['maryland', 4],
      ['md', 4],
      'baltimore',
      'bethesda',
      'annapolis',
      'rockville',
      'mca',
      ['cannabis administration', 3],
      ['750', 2],
    ],
    related: ['legal-overview', 'dc-law', 'virginia-law', 'edibles'],
    products: false,
    jurisdiction: true,
  },
  {
    id: 'virginia-law',
    title: 'Virginia Cannabis Law',
    summary: `Adults 21 and older in Virginia may possess up to 1 ounce of cannabis, legal since July 1, 2021, but licensed retail sales for adult use have not started (${asOf}). Official source: the Cannabis Control Authority, cca.virginia.gov.`,
    body: [
      'Adults 21 and older may possess up to 1 ounce for personal use, grow up to four plants per household out of public view, and share up to 1 ounce with another adult as long as nothing is given in exchange.',
      'Bills to create a licensed adult-use retail market have not become law, so selling cannabis for adult use remains illegal in Virginia. The Cannabis Control Authority oversees the state program.',
      'Using cannabis in public, in a vehicle, or while driving is illegal, and taking cannabis across state lines is not allowed.',
      checkSource,
    ],
    takeaways: [
      'Adults 21+ may possess up to 1 ounce since July 1, 2021.',
      'Up to four plants per household; sharing up to 1 ounce without payment is allowed.',
      'No licensed adult-use retail sales yet.',
      'Official source: cca.virginia.gov.',
    ],
    keywords: [
      ['virginia', 4],
      ['va', 4],
      'arlington',
      'alexandria',
      'richmond',
      'fairfax',
      'norfolk',
      'cca',
      ['cannabis control authority', 4],
    ],
    related: ['legal-overview', 'dc-law', 'maryland-law', 'safety'],
    products: false,
    jurisdiction: true,
  },
  {
    id: 'tolerance',
    title: 'Tolerance and Taking a Break',
    summary: 'Regular use builds tolerance: over time the same amount produces a weaker effect.',
    body: [
      'Many consumers take a tolerance break, often called a T-break, of a few days to a few weeks to reset their sensitivity.',
      'During a break some frequent users notice irritability, restless sleep or vivid dreams for a few days. These usually fade within one to two weeks.',
      'Other ways to keep tolerance in check are using less often, choosing lower-THC or balanced THC and CBD products, and not raising the dose just to chase the same effect.',
      'After a break, start with a much smaller amount than you were used to.',
    ],
    takeaways: [
      'Regular use makes the same amount feel weaker.',
      'A break of a few days to a few weeks resets tolerance.',
      'After a break, start with a much smaller amount.',
    ],
    keywords: [
      ['tolerance', 4],
      ['t break', 4],
      'break',
      'reset',
      'frequent',
      'daily',
      'every day',
      'regular',
      'weaker',
      ['not feeling', 2],
      ['dont feel', 2],
      'anymore',
    ],
    related: ['dosing', 'cbd', 'safety', 'thc'],
    products: false,
  },
  {
    id: 'lab-testing',
    title: 'Reading a Cannabis Label and Lab Results',
    summary:
      'Licensed products are tested by independent labs, and the label and certificate of analysis (COA) show what is inside and how much of it.',
    body: [
      'Labs test potency (THC, CBD and other cannabinoids) and screen for contaminants such as pesticides, heavy metals, residual solvents, mold and microbes.',
      'Flower and concentrate labels show THC and CBD as percentages, often as total THC, which counts THCA after heating. Edible labels show the milligrams of THC per serving and per package.',
      'Look for the batch number, the packaging or harvest date and the licensed producer. A product without lab results or a clear label is a reason to look elsewhere.',
    ],
    takeaways: [
      'Licensed products are lab-tested for potency and contaminants.',
      'Flower shows THC as a percentage; edibles show milligrams per serving and per package.',
      'Check the batch number, date and producer on every label.',
    ],
    keywords: [
      ['lab', 3],
      'test',
      'tested',
      'testing',
      ['coa', 3],
      'certificate',
      ['label', 2],
      'batch',
      'contaminant',
      'pesticide',
      'ingredient',
    ],
    related: ['thc', 'cbd', 'flower', 'vaping'],
    products: false,
  },
  {
    id: 'ordering',
    title: `Ordering and Delivery with ${SITE.name}`,
    summary: `We deliver to adults ${SITE.minimumAge} and older in Washington DC, Maryland and Virginia. ${SITE.payment} is the only payment we accept.`,
    body: [
      `Delivery hours are ${SITE.deliveryHours}. Order before ${SITE.sameDayCutoff} for same-day delivery, and choose ASAP or a morning, afternoon or evening window at checkout.`,
      `Delivery costs ${formatMoney(PRICING.deliveryFeeCents)} and is free on orders of ${formatMoney(PRICING.freeDeliveryThresholdCents)} or more. Pay in cash when your order arrives.`,
      `Questions about an order? Call ${SITE.phone} (${SITE.supportHours}) or e-mail ${SITE.email}.`,
    ],
    takeaways: [
      `Delivery hours: ${SITE.deliveryHours}.`,
      `Same-day delivery when you order before ${SITE.sameDayCutoff}.`,
      `${formatMoney(PRICING.deliveryFeeCents)} delivery, free from ${formatMoney(PRICING.freeDeliveryThresholdCents)}; ${SITE.payment.toLowerCase()} only.`,
    ],
    keywords: [
      ['delivery', 3],
      ['deliver', 3],
      ['order', 2],
      'shipping',
      'fee',
      'cash',
      'pay',
      'payment',
      'card',
      'hour',
      'open',
      'same day',
      'checkout',
      'contact',
      'phone',
    ],
    related: ['legal-overview', 'flower', 'edibles', 'dosing'],
    products: false,
  },
  {
    id: 'health-questions',
    title: 'Health Questions and Medical Advice',
    summary:
      "We can share general product information, but we can't give medical advice or say that cannabis will help with any health condition.",
    body: [
      'Cannabis affects everyone differently, and research on its health effects is still developing. Nothing on this site is medical advice, and our products are not intended as medicine.',
      'If you have a health condition, are pregnant or breastfeeding, or take any medication, talk to a doctor or pharmacist before using cannabis. They can advise you on interactions and on whether cannabis is right for you.',
      'DC, Maryland and Virginia each run a medical cannabis program for registered patients; a clinician can tell you whether you qualify.',
      'What we can help with: how products differ, what customers commonly report, how to dose carefully and the local rules.',
    ],
    takeaways: [
      'We cannot give medical advice.',
      'Talk to a doctor or pharmacist before using cannabis if you have a health condition or take medication.',
      'DC, Maryland and Virginia each have a medical cannabis program for registered patients.',
    ],
    keywords: [
      ['medical', 3],
      'medicine',
      ['doctor', 2],
      'health',
      'condition',
      'disease',
      'illness',
      'sick',
      'symptom',
      ['cure', 3],
      ['treat', 3],
      ['treatment', 3],
      ['heal', 3],
      'pain',
      'ache',
      'headache',
      ['anxiety', 2],
      ['depression', 3],
      ['insomnia', 3],
      ['cancer', 3],
      ['arthritis', 3],
      ['seizure', 3],
      ['epilepsy', 3],
      ['ptsd', 3],
      'glaucoma',
      'nausea',
      'migraine',
      'inflammation',
      'therapy',
      'prescription',
      'patient',
      'benefit',
      'card',
    ],
    related: ['safety', 'cbd', 'dosing', 'legal-overview'],
    products: false,
  },
];

const TOPIC_BY_ID = new Map(TOPICS.map((t) => [t.id, t]));

/** Offered when nothing else fits, or to fill the related list. */
const STARTER_TOPIC_IDS = ['strain-types', 'dosing', 'edibles', 'legal-overview', 'terpenes', 'safety'] as const;
/** An article on a topic the knowledge base does not cover teaches these. */
const BASICS_TOPIC_IDS = ['strain-types', 'dosing', 'safety'] as const;

function topicById(id: string): Topic {
  const topic = TOPIC_BY_ID.get(id);
  if (!topic) throw new Error(`Unknown assistant topic ${id}`);
  return topic;
}

// ---------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------

/** A plural or possessive reduced to its base, so "Edibles", "edible's" and "edible" match. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(?:ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Lower-case word stems, accents and punctuation dropped ("Don't" → "dont"; "1:1" → "1", "1"). */
/** The words of `text` as typed, lower-cased, accents and apostrophes dropped ("Don't" → "dont"). */
function plainWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function tokenize(text: string): string[] {
  return plainWords(text).map(stem);
}

interface CompiledKeyword {
  tokens: string[];
  weight: number;
}

const compile = (k: Keyword): CompiledKeyword => {
  const [text, weight] = typeof k === 'string' ? [k, undefined] : k;
  const tokens = tokenize(text);
  return { tokens, weight: weight ?? (tokens.length > 1 ? 2 : 1) };
};

const COMPILED = new Map(TOPICS.map((t) => [t.id, { keywords: t.keywords.map(compile), title: tokenize(t.title) }]));

/** A single keyword of 5+ letters also matches longer words ("relax" → "relaxing", "relaxation"). */
const tokenMatches = (token: string, keyword: string) => token === keyword || (keyword.length >= 5 && token.startsWith(keyword));

function containsSequence(tokens: readonly string[], seq: readonly string[]): boolean {
  if (seq.length === 0 || seq.length > tokens.length) return false;
  outer: for (let i = 0; i + seq.length <= tokens.length; i++) {
    for (let j = 0; j < seq.length; j++) {
      const token = tokens[i + j] as string;
      const key = seq[j] as string;
      if (j === seq.length - 1 ? !tokenMatches(token, key) : token !== key) continue outer;
    }
    return true;
  }
  return false;
}

export interface RankedTopic {
  topic: Topic;
  score: number;
}

/** Every topic the text is about, best first (ties keep the knowledge base's order). */
export function rankTopics(text: string): RankedTopic[] {
  const tokens = tokenize(text);
  const joined = tokens.join(' ');
  const ranked: RankedTopic[] = [];
  for (const topic of TOPICS) {
    const compiled = COMPILED.get(topic.id);
    if (!compiled) continue;
    let score = 0;
    for (const k of compiled.keywords) if (containsSequence(tokens, k.tokens)) score += k.weight;
    // A related-topic button sends the title itself: it must land on that topic.
    if (joined === compiled.title.join(' ')) score += 100;
    else if (compiled.title.length > 1 && containsSequence(tokens, compiled.title)) score += 10;
    ranked.push({ topic, score });
  }
  // A question naming two or more jurisdictions is about the overview, not one of them.
  const states = ranked.filter((r) => r.topic.jurisdiction && r.score > 0).length;
  if (states >= 2) {
    const overview = ranked.find((r) => r.topic.id === 'legal-overview');
    if (overview) overview.score += 10;
  }
  return ranked.filter((r) => r.score > 0).sort((a, b) => b.score - a.score);
}

// ---------------------------------------------------------------------------------------------
// What the shopper may want from the menu
// ---------------------------------------------------------------------------------------------

/** The effects the assistant may repeat from the menu: moods customers report, nothing medical (D27). */
export const REPORTABLE_EFFECTS = ['Relaxing', 'Sleepy', 'Happy', 'Euphoric', 'Uplifting', 'Energizing', 'Focused', 'Creative'] as const;

const CATEGORY_WORDS: Record<string, readonly string[]> = {
  Edible: ['edible', 'gummy', 'chocolate', 'candy', 'chew', 'mint', 'seltzer', 'beverage', 'drink', 'brownie'],
  'Pre-roll': ['pre roll', 'preroll', 'joint', 'blunt'],
  Flower: ['flower', 'bud', 'eighth', 'ounce', 'nug'],
  Vaporizer: ['vape', 'vaporizer', 'cartridge', 'cart', 'pen', 'disposable', 'pod'],
  Concentrate: ['concentrate', 'dab', 'wax', 'shatter', 'budder', 'badder', 'rosin', 'diamond', 'crumble', 'sauce', 'hash'],
  Accessories: ['accessory', 'grinder', 'pipe', 'paper', 'bong', 'battery', 'lighter', 'tray', 'cone'],
};

const STRAIN_TYPE_WORDS: Record<string, readonly string[]> = {
  Indica: ['indica'],
  Sativa: ['sativa'],
  Hybrid: ['hybrid'],
  CBD: ['cbd'],
};

const EFFECT_WORDS: Record<(typeof REPORTABLE_EFFECTS)[number], readonly string[]> = {
  Sleepy: ['sleep', 'sleepy', 'bed', 'bedtime', 'nighttime'],
  Relaxing: ['relax', 'calm', 'chill', 'unwind', 'mellow', 'wind down'],
  Energizing: ['energ'],
  Focused: ['focus', 'productive'],
  Creative: ['creative', 'creativity'],
  Happy: ['happy', 'cheerful', 'mood'],
  Euphoric: ['euphori'],
  Uplifting: ['uplift', 'daytime', 'social'],
};

/** Words that ask for products rather than only for knowledge. */
const SHOPPING_WORDS = [
  'recommend',
  'recommendation',
  'suggest',
  'suggestion',
  'sell',
  'buy',
  'menu',
  'product',
  'option',
  'carry',
  'stock',
  'best',
  'something',
  'looking',
  'price',
  'cheap',
  'available',
].map(stem);

const matchesAny = (tokens: readonly string[], words: readonly string[]) => words.some((w) => containsSequence(tokens, tokenize(w)));

export interface ProductIntent {
  category: string | null;
  strainTypes: string[];
  effects: string[];
  /** The question asks for products ("what do you have", "recommend", "best"). */
  shopping: boolean;
}

export function productIntent(text: string): ProductIntent {
  const tokens = tokenize(text);
  const category = Object.entries(CATEGORY_WORDS).find(([, words]) => matchesAny(tokens, words))?.[0] ?? null;
  const strainTypes = Object.entries(STRAIN_TYPE_WORDS)
    .filter(([, words]) => matchesAny(tokens, words))
    .map(([type]) => type);
  const effects = Object.entries(EFFECT_WORDS)
    .filter(([, words]) => matchesAny(tokens, words))
    .map(([effect]) => effect);
  return { category, strainTypes, effects, shopping: tokens.some((t) => SHOPPING_WORDS.includes(t)) };
}

export const hasProductFilters = (intent: ProductIntent) =>
  intent.category != null || intent.strainTypes.length > 0 || intent.effects.length > 0;

/**
 * Whether an answer should name products: a strain the menu carries is always worth showing; a
 * category, type or effect is when the topic is a shopping one or the shopper asks for products
 * (a question about edible safety gets the safety answer, not a list of gummies).
 */
export function shouldNameProducts(intent: ProductIntent, primary: Topic | null, strain: StrainFact | null): boolean {
  if (strain) return true;
  if (!hasProductFilters(intent)) return false;
  return intent.shopping || primary == null || primary.products;
}

/** Words with little meaning for a free-text catalogue search. */
const STOP_WORDS = new Set(
  [
    'a',
    'an',
    'the',
    'and',
    'or',
    'of',
    'to',
    'in',
    'on',
    'for',
    'with',
    'about',
    'do',
    'does',
    'you',
    'your',
    'we',
    'i',
    'me',
    'my',
    'is',
    'are',
    'it',
    'any',
    'some',
    'what',
    'whats',
    'which',
    'who',
    'how',
    'can',
    'could',
    'please',
    'tell',
    'have',
    'sell',
    'carry',
    'stock',
    'got',
    'get',
    'there',
    'this',
    'that',
    'like',
    'want',
    'need',
    'looking',
    'recommend',
    'suggest',
    'good',
    'best',
    'something',
    'know',
    'info',
    'information',
  ].map(stem),
);

/**
 * The words of a question worth searching the catalogue for, as typed (the catalogue's full-text
 * index matches prefixes of the words as written): "do you have Pineapple Express?" → 2 words.
 */
export function searchWords(text: string): string[] {
  return plainWords(text).filter((w) => w.length > 1 && !STOP_WORDS.has(stem(w)));
}

/** Whether a product's name has every one of the words, as whole words ("cook" is not "Cookies"). */
export function nameHasWords(name: string, words: readonly string[]): boolean {
  const tokens = tokenize(name);
  return words.every((w) => tokenize(w).every((t) => tokens.includes(t)));
}

// ---------------------------------------------------------------------------------------------
// Composing answers
// ---------------------------------------------------------------------------------------------

/** A strain from the catalogue (a subcategory of Flower). */
export interface StrainFact {
  name: string;
  strainType: string | null;
  description: string;
  effects: readonly string[];
}

/** What an answer says about one product. */
export interface ProductFact {
  name: string;
  /** The category's name as shown. */
  category: string;
  /** The rules' name for it (catalog.ts categoryKey). */
  categoryKey: string;
  strainType: string | null;
  thcContent: number | null;
  /** Cents: the price the shop shows (the lowest weight for weighed products). */
  price: number;
  /** The product comes in several weights and `price` is the smallest. */
  fromPrice: boolean;
}

/** The strain named in the text (longest name first, so "OG Kush" does not hide "Bubba Kush"). */
export function findStrain(text: string, strains: readonly StrainFact[]): StrainFact | null {
  const tokens = tokenize(text);
  const byLength = [...strains].sort((a, b) => b.name.length - a.name.length);
  for (const strain of byLength) {
    const name = tokenize(strain.name);
    if (name.length === 0) continue;
    // Whole words only: the last word may not be a prefix here ("gelato" must not match "gel").
    const exact = tokens.some((_, i) => name.every((w, j) => tokens[i + j] === w));
    if (exact) return strain;
  }
  return null;
}

export function formatProductLine(p: ProductFact): string {
  const details = [p.category, p.strainType, p.thcContent != null && p.categoryKey !== 'Edible' ? `${p.thcContent}% THC` : null]
    .filter(Boolean)
    .join(', ');
  return `• ${p.name} (${details}): ${p.fromPrice ? 'from ' : ''}${formatMoney(p.price)}`;
}

const reportable = (effects: readonly string[]) => effects.filter((e) => (REPORTABLE_EFFECTS as readonly string[]).includes(e));

function strainParagraph(strain: StrainFact): string {
  const kind = strain.strainType ? ` is ${/^[aeiou]/i.test(strain.strainType) ? 'an' : 'a'} ${strain.strainType} strain` : ' is a strain';
  const effects = reportable(strain.effects).map((e) => e.toLowerCase());
  const reported = effects.length ? ` Customers describe it as ${listText(effects)}.` : '';
  return `${strain.name}${kind}. ${strain.description}${reported}`.replace(/\s+/g, ' ').trim();
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Related topic titles: the lead topic's own suggestions (the first shown one by default), then the
 * starters, never a topic the answer already covers.
 */
export function relatedTopicTitles(shown: readonly Topic[], lead: Topic | undefined = shown[0]): string[] {
  const shownIds = new Set(shown.map((t) => t.id));
  const ids = [...(lead?.related ?? []), ...STARTER_TOPIC_IDS];
  const titles: string[] = [];
  for (const id of ids) {
    if (shownIds.has(id)) continue;
    shownIds.add(id);
    titles.push(topicById(id).title);
    if (titles.length === RELATED_TOPIC_COUNT) break;
  }
  return titles;
}

/** The topics an answer draws on: the best match, and the runner-up when it is nearly as relevant. */
export function answerTopics(ranked: readonly RankedTopic[]): Topic[] {
  const [first, second] = ranked;
  if (!first) return [];
  return second && second.score * 2 >= first.score ? [first.topic, second.topic] : [first.topic];
}

export interface AnswerParts {
  ranked: readonly RankedTopic[];
  strain: StrainFact | null;
  products: readonly ProductFact[];
}

const GENERAL_ANSWER = [
  "I don't have a specific answer for that yet, but I can help with a lot of cannabis questions: how indica, sativa and hybrid strains differ, what THC, CBD and terpenes are, how to dose edibles and other products carefully, how to store cannabis, and the rules in Washington DC, Maryland and Virginia.",
  'Try asking something like "What is the difference between indica and sativa?", "How long do edibles take to kick in?" or "How much cannabis can I buy in Maryland?". You can also pick one of the topics below.',
  `For questions about an order, call us at ${SITE.phone} (${SITE.supportHours}) or e-mail ${SITE.email}.`,
].join('\n\n');

/** The built-in answer (D26): always useful, never an error. */
export function composeAnswer({ ranked, strain, products }: AnswerParts): { answer: string; relatedTopics: string[] } {
  const topics = answerTopics(ranked);
  const [primary, secondary] = topics;
  const paragraphs: string[] = [];
  if (strain) paragraphs.push(strainParagraph(strain));
  if (primary) {
    // With a strain in front, the topic adds its summary only; otherwise its explanation too.
    paragraphs.push(primary.summary);
    if (!strain) paragraphs.push(...primary.body.slice(0, 3));
  }
  if (secondary) paragraphs.push(`${secondary.title}\n${secondary.summary}`);
  if (products.length > 0) {
    const heading = strain ? `${strain.name} on our menu:` : 'From our menu, products that fit your question:';
    paragraphs.push([heading, ...products.map(formatProductLine)].join('\n'));
  }
  if (paragraphs.length === 0) return { answer: GENERAL_ANSWER, relatedTopics: relatedTopicTitles([]) };
  // A question about a strain alone leads on to choosing by effect, strain types and terpenes.
  const lead = primary ?? (strain ? topicById('choosing-effects') : undefined);
  return { answer: paragraphs.join('\n\n'), relatedTopics: relatedTopicTitles(topics, lead) };
}

export interface Article {
  title: string;
  summary: string;
  content: string;
  keyTakeaways: string[];
}

/** The built-in article for a topic (D26): the best topic in full, then closely related ones. */
export function composeArticle(topicText: string): Article {
  const ranked = rankTopics(topicText);
  const best = ranked[0];
  if (!best) {
    const basics = BASICS_TOPIC_IDS.map(topicById);
    return {
      title: 'Cannabis Basics for Adults 21+',
      summary:
        "We don't have a dedicated guide on that topic yet, so here are the basics every adult consumer should know: strain types, careful dosing and safe use.",
      content: basics.flatMap(section).join('\n\n'),
      keyTakeaways: basics.flatMap((t) => t.takeaways.slice(0, 2)),
    };
  }
  const extra = ranked
    .slice(1, 1 + MAX_EXTRA_ARTICLE_TOPICS)
    .filter((r) => r.score * 3 >= best.score)
    .map((r) => r.topic);
  return {
    title: best.topic.title,
    summary: best.topic.summary,
    content: [...best.topic.body, ...extra.flatMap(section)].join('\n\n'),
    keyTakeaways: [...best.topic.takeaways, ...extra.flatMap((t) => t.takeaways.slice(0, 1))].slice(0, MAX_TAKEAWAYS),
  };
}

/** A topic as a section of an article: its title on a line of its own, then its text. */
const section = (t: Topic): string[] => [t.title, t.summary, ...t.body];

// ---------------------------------------------------------------------------------------------
// The model's instructions (D26, D27)
// ---------------------------------------------------------------------------------------------

const RULES = [
  `You write for ${SITE.name}, a cannabis delivery service for adults ${SITE.minimumAge} and older in Washington DC, Maryland and Virginia.`,
  'Write for adults 21 and older only. Never address, mention as customers, or appeal to anyone under 21.',
  'Never say or imply that cannabis or any product cures, treats, prevents, heals or relieves any disease, disorder or medical condition, and never give medical advice; for health questions, suggest talking to a doctor or pharmacist.',
  'Describe effects as what customers report, not as promises.',
  `For legal questions, state facts carefully, say they are as of ${LEGAL_FACTS_AS_OF}, and name the official source (abca.dc.gov, cannabis.maryland.gov, cca.virginia.gov).`,
  'Prefer the reference facts given; do not invent laws, figures or products.',
  'Plain text only: no markdown, no asterisks, no # headings.',
].join('\n');

export const ASK_SYSTEM = `${RULES}
Answer the shopper's question helpfully in at most 250 words. When products from the menu are listed, you may recommend from them only, with their exact names and prices.`;

export const CONTENT_SYSTEM = `${RULES}
Write an educational article on the requested topic: a title, a one or two sentence summary, content of four to six paragraphs (a section heading may stand alone on its line), and three to six key takeaways.`;

function topicFacts(topics: readonly Topic[]): string {
  return topics.map((t) => [`## ${t.title}`, t.summary, ...t.body].join('\n')).join('\n\n');
}

export function askPrompt(question: string, parts: AnswerParts): string {
  const topics = answerTopics(parts.ranked);
  const sections = [`Shopper's question: ${question}`];
  sections.push(topics.length ? `Reference facts:\n${topicFacts(topics)}` : 'Reference facts: none match; answer from general knowledge.');
  if (parts.strain) sections.push(`Strain on our menu:\n${strainParagraph(parts.strain)}`);
  if (parts.products.length) sections.push(`Products on our menu that fit:\n${parts.products.map(formatProductLine).join('\n')}`);
  return sections.join('\n\n');
}

export function contentPrompt(topicText: string): string {
  const ranked = rankTopics(topicText).slice(0, 1 + MAX_EXTRA_ARTICLE_TOPICS);
  const facts = ranked.length ? topicFacts(ranked.map((r) => r.topic)) : 'none match; write from general knowledge.';
  return `Topic: ${topicText}\n\nReference facts:\n${facts}`;
}
