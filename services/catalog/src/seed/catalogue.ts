// A realistic bilingual (English / Sorani) catalogue for demos and benchmarks, generated deterministically.
import { ean13CheckDigit } from '@dukan/contracts';

type Pair = readonly [en: string, ku: string];

interface SeedCategory {
  code: string;
  name: Pair;
  /** Price range of its products, dollars. */
  price: readonly [number, number];
  children: { code: string; name: Pair; items: Pair[] }[];
}

export const CATEGORIES: SeedCategory[] = [
  {
    code: 'FOD',
    name: ['Food', 'خۆراک'],
    price: [0.5, 12],
    children: [
      {
        code: 'GRN',
        name: ['Grains & pulses', 'دانەوێڵە'],
        items: [
          ['Rice', 'برنج'],
          ['Lentils', 'نیسک'],
          ['Bulgur', 'ساوار'],
          ['Beans', 'فاسۆلیا'],
          ['Chickpeas', 'نۆک'],
          ['Flour', 'ئارد'],
        ],
      },
      {
        code: 'DRY',
        name: ['Dairy', 'شیرەمەنی'],
        items: [
          ['Milk', 'شیر'],
          ['Yogurt', 'ماست'],
          ['Cheese', 'پەنیر'],
          ['Butter', 'کەرە'],
          ['Cream', 'قەیماغ'],
        ],
      },
      {
        code: 'BAK',
        name: ['Bakery', 'نانەواخانە'],
        items: [
          ['Bread', 'نان'],
          ['Samoon', 'سەموون'],
          ['Cake', 'کێک'],
          ['Biscuits', 'بسکیت'],
        ],
      },
      {
        code: 'PAN',
        name: ['Pantry', 'کۆگای ماڵ'],
        items: [
          ['Sugar', 'شەکر'],
          ['Salt', 'خوێ'],
          ['Cooking oil', 'ڕۆنی چێشت'],
          ['Tomato paste', 'دۆشاوی تەماتە'],
          ['Honey', 'هەنگوین'],
          ['Dates', 'خورما'],
          ['Pasta', 'مەعکەرۆنە'],
        ],
      },
    ],
  },
  {
    code: 'DRK',
    name: ['Drinks', 'خواردنەوە'],
    price: [0.25, 8],
    children: [
      {
        code: 'HOT',
        name: ['Tea & coffee', 'چای و قاوە'],
        items: [
          ['Tea', 'چای'],
          ['Green tea', 'چای سەوز'],
          ['Coffee', 'قاوە'],
          ['Cocoa', 'کاکاو'],
        ],
      },
      {
        code: 'SFT',
        name: ['Soft drinks', 'خواردنەوەی سارد'],
        items: [
          ['Cola', 'کۆلا'],
          ['Orange juice', 'شەربەتی پرتەقاڵ'],
          ['Apple juice', 'شەربەتی سێو'],
          ['Mineral water', 'ئاوی کانزایی'],
          ['Ayran', 'دۆ'],
        ],
      },
    ],
  },
  {
    code: 'SNK',
    name: ['Snacks', 'سووکە خواردن'],
    price: [0.25, 6],
    children: [
      {
        code: 'SWT',
        name: ['Sweets', 'شیرینی'],
        items: [
          ['Chocolate', 'شوکولاتە'],
          ['Candy', 'شەکرۆکە'],
          ['Baklava', 'بەقلاوە'],
          ['Halva', 'حەلاوە'],
        ],
      },
      {
        code: 'SLT',
        name: ['Savoury', 'سوێر'],
        items: [
          ['Chips', 'چیپس'],
          ['Nuts', 'چەرەز'],
          ['Sunflower seeds', 'تۆوی گوڵەبەڕۆژە'],
          ['Crackers', 'کراکەر'],
        ],
      },
    ],
  },
  {
    code: 'CLN',
    name: ['Cleaning', 'پاککەرەوە'],
    price: [0.75, 15],
    children: [
      {
        code: 'LND',
        name: ['Laundry', 'جلشۆری'],
        items: [
          ['Detergent', 'پاودەری جلشۆری'],
          ['Softener', 'نەرمکەرەوە'],
          ['Bleach', 'کلۆر'],
        ],
      },
      {
        code: 'PRS',
        name: ['Personal care', 'خاوێنی کەسی'],
        items: [
          ['Soap', 'سابوون'],
          ['Shampoo', 'شامپۆ'],
          ['Toothpaste', 'هەویری ددان'],
          ['Tissues', 'کلینێکس'],
          ['Razor', 'گوێزان'],
        ],
      },
    ],
  },
  {
    code: 'HOM',
    name: ['Household', 'پێداویستی ماڵ'],
    price: [1, 40],
    children: [
      {
        code: 'KIT',
        name: ['Kitchen', 'چێشتخانە'],
        items: [
          ['Glass cup', 'پەرداخ'],
          ['Plate', 'قاپ'],
          ['Spoon', 'کەوچک'],
          ['Cooking pot', 'مەنجەڵ'],
          ['Tea glass', 'ئیستیکان'],
          ['Kettle', 'کتری'],
        ],
      },
      {
        code: 'TLS',
        name: ['Tools', 'ئامراز'],
        items: [
          ['Hammer', 'چەکوش'],
          ['Screwdriver', 'دەرنەفیس'],
          ['Tape', 'شریت'],
          ['Broom', 'گسک'],
        ],
      },
    ],
  },
  {
    code: 'ELC',
    name: ['Electronics', 'ئەلیکترۆنیات'],
    price: [1, 60],
    children: [
      {
        code: 'PWR',
        name: ['Power', 'کارەبا'],
        items: [
          ['Battery', 'پاتری'],
          ['Charger', 'شەحنکەر'],
          ['Extension cord', 'وایەری درێژکەرەوە'],
          ['LED bulb', 'گڵۆپی LED'],
        ],
      },
      {
        code: 'ACC',
        name: ['Accessories', 'پاشکۆکان'],
        items: [
          ['USB cable', 'وایەری USB'],
          ['Headphones', 'گوێگر'],
          ['Phone case', 'بەرگی مۆبایل'],
          ['Memory card', 'کارتی بیرگە'],
        ],
      },
    ],
  },
  {
    code: 'STN',
    name: ['Stationery', 'نووسینگە'],
    price: [0.25, 10],
    children: [
      {
        code: 'WRT',
        name: ['Writing', 'نووسین'],
        items: [
          ['Pen', 'پێنووس'],
          ['Pencil', 'قەڵەمی ڕەساس'],
          ['Marker', 'مارکەر'],
          ['Eraser', 'سڕەرەوە'],
        ],
      },
      {
        code: 'PAP',
        name: ['Paper', 'کاغەز'],
        items: [
          ['Notebook', 'دەفتەر'],
          ['A4 paper', 'کاغەزی A4'],
          ['Envelope', 'زەرف'],
        ],
      },
    ],
  },
  {
    code: 'TOY',
    name: ['Toys', 'یاری'],
    price: [1, 35],
    children: [
      {
        code: 'KID',
        name: ['Kids', 'منداڵان'],
        items: [
          ['Ball', 'تۆپ'],
          ['Doll', 'بووکەڵە'],
          ['Puzzle', 'مەتەڵ'],
          ['Toy car', 'ئۆتۆمبێلی یاری'],
          ['Crayons', 'ڕەنگی مۆم'],
        ],
      },
    ],
  },
];

const BRANDS: Pair[] = [
  ['Zagros', 'زاگرۆس'],
  ['Erbil', 'هەولێر'],
  ['Slemani', 'سلێمانی'],
  ['Duhok', 'دهۆک'],
  ['Halabja', 'هەڵەبجە'],
  ['Koya', 'کۆیە'],
  ['Ranya', 'ڕانیە'],
  ['Akre', 'ئاکرێ'],
  ['Amedi', 'ئامێدی'],
  ['Soran', 'سۆران'],
  ['Kirkuk', 'کەرکووک'],
  ['Shaqlawa', 'شەقڵاوە'],
  ['Penjwen', 'پێنجوێن'],
  ['Zakho', 'زاخۆ'],
  ['Garmian', 'گەرمیان'],
  ['Hawraman', 'هەورامان'],
];

const VARIANTS: Pair[] = [
  ['Classic', 'کلاسیک'],
  ['Premium', 'نایاب'],
  ['Fresh', 'تازە'],
  ['Organic', 'سروشتی'],
  ['Family', 'خێزانی'],
  ['Gold', 'زێڕین'],
  ['Light', 'سووک'],
  ['Extra', 'زیادە'],
  ['Mini', 'بچووک'],
  ['Large', 'گەورە'],
  ['Red', 'سوور'],
  ['Green', 'سەوز'],
  ['White', 'سپی'],
];

const SIZES: Pair[] = [
  ['250 g', '250 گرام'],
  ['500 g', '500 گرام'],
  ['1 kg', '1 کیلۆ'],
  ['2 kg', '2 کیلۆ'],
  ['5 kg', '5 کیلۆ'],
  ['330 ml', '330 مل'],
  ['1 L', '1 لیتر'],
  ['1.5 L', '1.5 لیتر'],
  ['6 pcs', '6 دانە'],
  ['12 pcs', '12 دانە'],
  ['pack', 'پاکەت'],
  ['box', 'قوتوو'],
];

const BARCODE_PREFIXES = ['626', '869', '590', '622', '628', '400', '500', '800'];

/** A small deterministic PRNG (mulberry32), so the same seed gives the same shop. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedProduct {
  sku: string;
  barcode: string;
  nameEn: string;
  nameKu: string;
  descriptionEn: string;
  descriptionKu: string;
  categoryIndex: number; // index into leafCategories()
  priceCents: number;
  costCents: number;
  discountPercent: number;
  reorderLevel: number;
  quantity: number;
}

export function leafCategories(): { parentIndex: number; code: string; name: Pair; items: Pair[]; price: readonly [number, number] }[] {
  return CATEGORIES.flatMap((c, parentIndex) => c.children.map((leaf) => ({ parentIndex, ...leaf, price: c.price })));
}

/**
 * Product n of a run. `barcodeBase` spreads runs apart so a second run does not collide with the first;
 * `tag` makes SKUs of different runs distinct.
 */
export function seedProduct(n: number, rnd: () => number, tag: string, barcodeBase: number): SeedProduct {
  const leaves = leafCategories();
  const categoryIndex = Math.floor(rnd() * leaves.length);
  const leaf = leaves[categoryIndex]!;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const item = pick(leaf.items);
  const brand = pick(BRANDS);
  const variant = pick(VARIANTS);
  const size = pick(SIZES);
  const [lo, hi] = leaf.price;
  const priceCents = Math.round((lo + (hi - lo) * rnd() ** 2) * 4) * 25; // quarter-dollar steps, most items cheap
  const costCents = Math.round(priceCents * (0.55 + 0.3 * rnd()));
  const first12 = pick(BARCODE_PREFIXES) + String((barcodeBase + n) % 1_000_000_000).padStart(9, '0');
  const roll = rnd();
  return {
    sku: `${leaf.code}-${tag}${String(n).padStart(6, '0')}`,
    barcode: first12 + String(ean13CheckDigit(first12)),
    nameEn: `${brand[0]} ${variant[0]} ${item[0]} ${size[0]}`,
    nameKu: `${item[1]}ی ${variant[1]} ${brand[1]} ${size[1]}`,
    descriptionEn: `${item[0]} by ${brand[0]}, ${size[0]}`,
    descriptionKu: `${item[1]} لە ${brand[1]}، ${size[1]}`,
    categoryIndex,
    priceCents: Math.max(25, priceCents),
    costCents: Math.max(10, costCents),
    discountPercent: roll < 0.08 ? pick([5, 10, 15, 20, 25]) : 0,
    reorderLevel: pick([5, 10, 10, 10, 20]),
    // mostly stocked, some low, a few out
    quantity: roll > 0.95 ? 0 : roll > 0.85 ? 1 + Math.floor(rnd() * 9) : 10 + Math.floor(rnd() * 190),
  };
}
