/** The vector illustrations. Each draws around (0, 0) within roughly -220..220 in both directions. */
import { FONT, mix, r1, rand, type StrainType } from './svg.ts';

/** One serrated cannabis leaflet pointing up from the origin. */
function leaflet(len: number, width: number): string {
  const n = 14;
  const right: string[] = [];
  const left: string[] = [];
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const half = width * Math.sin(Math.PI * t ** 0.85) * (i % 2 === 0 ? 1 : 1.18);
    const y = -len * t;
    right.push(`${r1(half)},${r1(y)}`);
    left.unshift(`${r1(-half)},${r1(y)}`);
  }
  return `M0,0 L${right.join(' L')} L0,${r1(-len)} L${left.join(' L')} Z`;
}

/** A seven-leaflet leaf; `transform` places it (the default draws it at full size around the origin). */
export function leaf(color: string, vein: string, transform = '', widthK = 1): string {
  const spec: Array<[number, number, number]> = [
    [-100, 0.42, 0.1],
    [-66, 0.68, 0.13],
    [-33, 0.88, 0.15],
    [0, 1, 0.16],
    [33, 0.88, 0.15],
    [66, 0.68, 0.13],
    [100, 0.42, 0.1],
  ];
  const L = 250;
  const parts = spec.map(([angle, l, w]) => {
    const len = L * l;
    return `<g transform="rotate(${angle})"><path d="${leaflet(len, L * w * widthK)}" fill="${color}"/>
<path d="M0,-8 L0,${r1(-len * 0.92)}" stroke="${vein}" stroke-width="5" stroke-linecap="round" opacity=".45"/></g>`;
  });
  return `<g transform="${transform} translate(0 95)">
<path d="M0,0 Q6,60 -10,120" stroke="${vein}" stroke-width="14" fill="none" stroke-linecap="round"/>
${parts.join('\n')}
<circle r="12" fill="${vein}"/></g>`;
}

export function chocolateBar(wrapper: string): string {
  const squares: string[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      squares.push(
        `<rect x="${-170 + c * 78}" y="${-110 + r * 74}" width="66" height="62" rx="8" fill="#6f4430" stroke="#3f2418" stroke-width="3"/>`,
      );
    }
  }
  return `<g transform="rotate(-10)">
<rect x="-182" y="-122" width="380" height="244" rx="18" fill="#4a2a1c"/>
${squares.join('')}
<path d="M54,-132 L210,-132 Q222,-132 222,-120 L222,120 Q222,132 210,132 L70,132 L90,90 L60,50 L84,10 L56,-30 L80,-72 Z" fill="${wrapper}"/>
<path d="M54,-132 L80,-72 L56,-30 L84,10 L60,50 L90,90 L70,132" fill="none" stroke="#ffffff" stroke-opacity=".5" stroke-width="4"/>
<rect x="120" y="-60" width="70" height="120" rx="10" fill="#ffffff" opacity=".85"/>
<circle cx="155" cy="-20" r="16" fill="${wrapper}"/>
<rect x="132" y="10" width="46" height="8" rx="4" fill="${wrapper}"/><rect x="138" y="28" width="34" height="8" rx="4" fill="${wrapper}" opacity=".6"/>
</g>`;
}

export function gummies(colors: string[]): string {
  const pos: Array<[number, number, number]> = [
    [-95, 40, -12],
    [95, 50, 10],
    [0, -75, 4],
  ];
  return pos
    .map(([x, y, a], i) => {
      const c = colors[i % colors.length] ?? '#e11d48';
      const dots = [
        [-30, -28],
        [22, -36],
        [34, 10],
        [-12, 18],
        [-36, 32],
        [14, 40],
        [0, -6],
      ]
        .map(([dx, dy]) => `<circle cx="${dx}" cy="${dy}" r="5" fill="#ffffff" opacity=".55"/>`)
        .join('');
      return `<g transform="translate(${x} ${y}) rotate(${a})">
<rect x="-72" y="-72" width="144" height="144" rx="40" fill="${c}"/>
<rect x="-60" y="-62" width="120" height="50" rx="25" fill="#ffffff" opacity=".22"/>${dots}</g>`;
    })
    .join('\n');
}

export function can(band: string): string {
  return `<g transform="rotate(-6)">
<rect x="-95" y="-190" width="190" height="380" rx="26" fill="url(#metal)"/>
<rect x="-95" y="-120" width="190" height="230" fill="${band}"/>
<rect x="-95" y="-120" width="190" height="230" fill="url(#glass)" opacity=".6"/>
<ellipse cx="0" cy="-190" rx="95" ry="20" fill="#d1d5db"/><ellipse cx="0" cy="-190" rx="70" ry="13" fill="#9ca3af"/>
<rect x="-18" y="-198" width="36" height="12" rx="6" fill="#6b7280"/>
<circle cx="0" cy="-20" r="46" fill="#ffffff" opacity=".9"/>
${leaf(band, band, 'translate(0 -26) scale(.16)')}
</g>`;
}

function mintTin(color: string): string {
  const mints = [
    [-80, 30],
    [0, 50],
    [80, 30],
    [-40, -20],
    [40, -20],
  ]
    .map(
      ([x, y]) =>
        `<g transform="translate(${x} ${y})"><ellipse rx="42" ry="22" fill="#f8fafc"/><ellipse rx="30" ry="13" fill="#e2e8f0"/></g>`,
    )
    .join('');
  return `<g>
<rect x="-190" y="-60" width="380" height="170" rx="40" fill="${color}"/>
<rect x="-170" y="-48" width="340" height="140" rx="32" fill="#ffffff" opacity=".25"/>
${mints}
<g transform="translate(30 -150) rotate(-14)"><rect x="-190" y="-50" width="380" height="90" rx="40" fill="${mix(color, '#000000', 0.15)}"/>
<text x="0" y="8" font-family="${FONT}" font-weight="700" font-size="34" fill="#ffffff" text-anchor="middle" letter-spacing="4">MINTS</text></g>
</g>`;
}

export function joint(paper: string, tip: string, filter = true): string {
  const lines = [-110, -60, -10, 40, 90, 140]
    .map(
      (x) =>
        `<path d="M${x},${r1(-20 - (x + 140) * 0.064)} L${x + 18},${r1(20 + (x + 140) * 0.064)}" stroke="#000" stroke-opacity=".06" stroke-width="3"/>`,
    )
    .join('');
  return `<g>
<path d="M-140,-20 L200,-44 L200,44 L-140,20 Z" fill="${paper}"/>
${lines}
<path d="M200,-44 Q232,-30 244,-6 L258,0 L244,6 Q232,30 200,44 Z" fill="${paper}"/>
<path d="M200,-44 L200,44" stroke="${tip}" stroke-width="6" opacity=".7"/>
${filter ? `<rect x="-215" y="-20" width="80" height="40" rx="6" fill="#d6b68a"/><path d="M-200,-20 L-200,20 M-180,-20 L-180,20 M-160,-20 L-160,20" stroke="#a8875c" stroke-width="3"/>` : ''}
<path d="M-140,-20 L200,-44 L200,-28 L-140,-10 Z" fill="#ffffff" opacity=".45"/>
</g>`;
}

export function preRoll(name: string): string {
  const blunt = /blunt/i.test(name);
  const paper = blunt ? '#7c5a36' : '#f7f1e3';
  const tip = '#4d7c0f';
  const packs = /pack/i.test(name);
  if (packs) {
    return [-34, -20, -6]
      .map((a, i) => `<g transform="translate(${-20 + i * 20} ${-70 + i * 70}) rotate(${a}) scale(.85)">${joint(paper, tip)}</g>`)
      .join('\n');
  }
  return `<g transform="rotate(-28) scale(1.05)">${joint(paper, tip)}</g>
<path d="M220,-190 C250,-230 200,-250 230,-300" stroke="#ffffff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".55"/>
<path d="M190,-180 C210,-220 170,-240 190,-280" stroke="#ffffff" stroke-width="7" fill="none" stroke-linecap="round" opacity=".35"/>`;
}

export function cartridge(body: string): string {
  return `<g transform="rotate(14)">
<rect x="-28" y="-230" width="56" height="60" rx="14" fill="#111827"/>
<rect x="-46" y="-176" width="92" height="170" rx="10" fill="#ffffff" opacity=".35" stroke="#ffffff" stroke-opacity=".8" stroke-width="4"/>
<rect x="-40" y="-120" width="80" height="110" rx="6" fill="url(#oil)"/>
<rect x="-6" y="-172" width="12" height="166" fill="#9ca3af"/>
<rect x="-46" y="-176" width="92" height="170" rx="10" fill="url(#glass)"/>
<rect x="-46" y="-8" width="92" height="56" rx="6" fill="url(#metal)"/>
<path d="M-46,8 L46,8 M-46,22 L46,22 M-46,36 L46,36" stroke="#374151" stroke-width="3" opacity=".5"/>
<rect x="-46" y="52" width="92" height="180" rx="14" fill="${body}"/>
<rect x="-38" y="60" width="16" height="164" rx="8" fill="#ffffff" opacity=".2"/>
<circle cx="0" cy="200" r="9" fill="#a3e635"/>
</g>`;
}

export function disposable(body: string): string {
  return `<g transform="rotate(16)">
<rect x="-36" y="-250" width="72" height="70" rx="24" fill="#111827"/>
<rect x="-58" y="-190" width="116" height="430" rx="40" fill="${body}"/>
<rect x="-46" y="-180" width="24" height="400" rx="12" fill="#ffffff" opacity=".18"/>
<rect x="-26" y="-150" width="52" height="130" rx="18" fill="url(#oil)"/>
<rect x="-26" y="-150" width="52" height="130" rx="18" fill="url(#glass)"/>
<circle cx="0" cy="190" r="8" fill="#a3e635"/>
</g>`;
}

export function pod(body: string): string {
  return `<g transform="rotate(-12)">
<rect x="-90" y="-60" width="180" height="280" rx="50" fill="${body}"/>
<rect x="-78" y="-48" width="30" height="250" rx="15" fill="#ffffff" opacity=".2"/>
<rect x="-80" y="-230" width="160" height="190" rx="36" fill="#ffffff" opacity=".4" stroke="#ffffff" stroke-width="4"/>
<rect x="-60" y="-150" width="120" height="100" rx="20" fill="url(#oil)"/>
<rect x="-40" y="-262" width="80" height="44" rx="18" fill="#111827"/>
<circle cx="0" cy="160" r="9" fill="#a3e635"/>
</g>`;
}

export function jar(lid: string): string {
  return `<g>
<g transform="translate(0 60)">
<rect x="-150" y="-70" width="300" height="160" rx="34" fill="#ffffff" opacity=".35" stroke="#ffffff" stroke-width="5"/>
<path d="M-122,30 Q-60,-10 0,10 Q70,34 122,4 L122,56 Q122,74 104,74 L-104,74 Q-122,74 -122,56 Z" fill="url(#oil)"/>
<rect x="-150" y="-70" width="300" height="160" rx="34" fill="url(#glass)"/>
</g>
<g transform="translate(60 -80) rotate(18)"><rect x="-160" y="-34" width="320" height="62" rx="18" fill="${lid}"/>
<rect x="-150" y="-26" width="300" height="14" rx="7" fill="#ffffff" opacity=".25"/></g>
<path d="M-40,-250 C-40,-250 -100,-170 -100,-130 A60,60 0 0 0 20,-130 C20,-170 -40,-250 -40,-250 Z" fill="url(#oil)"/>
<ellipse cx="-62" cy="-140" rx="12" ry="22" fill="#ffffff" opacity=".55"/>
</g>`;
}

export function shatter(): string {
  return `<g transform="rotate(-8)">
<path d="M-200,-40 L-60,-120 L120,-100 L210,10 L120,120 L-90,110 L-190,60 Z" fill="#f59e0b" opacity=".92"/>
<path d="M-60,-120 L-10,20 L-190,60 M-10,20 L120,120 M-10,20 L210,10 M-10,20 L120,-100" stroke="#fde68a" stroke-width="5" fill="none" opacity=".8"/>
<path d="M-170,-30 L-70,-90 L40,-82" stroke="#ffffff" stroke-width="10" stroke-linecap="round" fill="none" opacity=".5"/>
<rect x="-230" y="-150" width="480" height="320" rx="24" fill="#ffffff" opacity=".12"/>
</g>`;
}

export function grinder(color: string): string {
  const knurl: string[] = [];
  for (let x = -150; x <= 150; x += 20) knurl.push(`M${x},-40 L${x},40`);
  return `<g transform="translate(0 20)">
<path d="M-170,-10 L-170,110 A170,52 0 0 0 170,110 L170,-10 Z" fill="${mix(color, '#000000', 0.25)}"/>
<path d="M-170,-10 L-170,50 A170,52 0 0 0 170,50 L170,-10 Z" fill="${color}"/>
<path d="${knurl.join(' ')}" stroke="#000000" stroke-opacity=".2" stroke-width="6" transform="translate(0 26)"/>
<path d="M-170,-120 L-170,-10 A170,52 0 0 0 170,-10 L170,-120 Z" fill="${mix(color, '#ffffff', 0.1)}"/>
<ellipse cx="0" cy="-120" rx="170" ry="52" fill="${mix(color, '#ffffff', 0.35)}"/>
<ellipse cx="0" cy="-120" rx="120" ry="36" fill="${mix(color, '#ffffff', 0.5)}"/>
${leaf(mix(color, '#000000', 0.3), mix(color, '#000000', 0.45), 'translate(0 -130) scale(.22 .12)')}
<path d="M-150,-90 L-150,-30" stroke="#ffffff" stroke-opacity=".35" stroke-width="14" stroke-linecap="round"/>
</g>`;
}

export function booklet(): string {
  return `<g transform="rotate(-8)">
<rect x="-120" y="-230" width="240" height="120" rx="6" fill="#fbf7ee" transform="rotate(8)"/>
<rect x="-190" y="-130" width="380" height="240" rx="16" fill="#b08559"/>
<rect x="-190" y="-130" width="380" height="70" rx="16" fill="#c9a273"/>
<rect x="-150" y="-30" width="300" height="90" rx="12" fill="#fbf7ee" opacity=".9"/>
<text x="0" y="28" font-family="${FONT}" font-weight="700" font-size="46" fill="#7c5a36" text-anchor="middle" letter-spacing="6">KING</text>
</g>`;
}

function uvJar(): string {
  return `<g>
<rect x="-130" y="-160" width="260" height="70" rx="16" fill="#111827"/>
<rect x="-120" y="-150" width="240" height="14" rx="7" fill="#ffffff" opacity=".2"/>
<rect x="-150" y="-100" width="300" height="320" rx="44" fill="#3b0764" opacity=".92"/>
<rect x="-130" y="-80" width="40" height="270" rx="20" fill="#ffffff" opacity=".15"/>
<circle cx="0" cy="70" r="70" fill="#ffffff" opacity=".12"/>
${leaf('#a78bfa', '#6d28d9', 'translate(0 50) scale(.22)')}
</g>`;
}

export function pipe(): string {
  return `<g transform="rotate(-20)">
<path d="M-240,-20 Q-60,-40 80,-50 Q110,-120 190,-110 Q260,-100 250,-20 Q240,60 160,60 Q100,60 80,20 Q-60,20 -240,18 Q-256,0 -240,-20 Z" fill="#64748b" opacity=".9"/>
<ellipse cx="170" cy="-40" rx="52" ry="34" fill="#1e293b"/>
<path d="M-220,-12 Q-60,-28 80,-36" stroke="#ffffff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".45"/>
<path d="M120,-80 Q160,-100 210,-90" stroke="#ffffff" stroke-width="8" fill="none" stroke-linecap="round" opacity=".5"/>
<circle cx="40" cy="-4" r="10" fill="#1e293b" opacity=".6"/>
</g>`;
}

export function bong(): string {
  return `<g>
<path d="M-40,-250 L40,-250 L40,-20 L150,180 Q160,220 120,230 L-120,230 Q-160,220 -150,180 L-40,-20 Z" fill="#ffffff" opacity=".38" stroke="#ffffff" stroke-width="6"/>
<path d="M-108,120 L108,120 L138,180 Q146,212 116,218 L-116,218 Q-146,212 -138,180 Z" fill="#67e8f9" opacity=".55"/>
<path d="M40,40 L150,-40" stroke="#ffffff" stroke-width="22" stroke-linecap="round" opacity=".7"/>
<path d="M130,-60 L190,-40 L170,0 L110,-20 Z" fill="#ffffff" opacity=".8"/>
<path d="M-26,-230 L-26,-40" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity=".5"/>
</g>`;
}

export function lighter(color: string): string {
  return `<g transform="rotate(10)">
<rect x="-90" y="-120" width="180" height="330" rx="26" fill="${color}"/>
<rect x="-76" y="-108" width="30" height="300" rx="15" fill="#ffffff" opacity=".2"/>
<rect x="-90" y="-200" width="180" height="90" rx="16" fill="url(#metal)"/>
<path d="M0,-330 C40,-280 34,-250 0,-226 C-34,-250 -40,-280 0,-330 Z" fill="#60a5fa" opacity=".85"/>
<path d="M0,-296 C18,-270 14,-254 0,-240 C-14,-254 -18,-270 0,-296 Z" fill="#ffffff" opacity=".8"/>
<rect x="-20" y="120" width="40" height="14" rx="7" fill="#111827" opacity=".6"/>
</g>`;
}

function dabSet(): string {
  return `<g>
<rect x="-210" y="-130" width="420" height="300" rx="60" fill="#f43f5e" opacity=".9" transform="rotate(-6)"/>
<circle cx="-60" cy="30" r="80" fill="#fb7185"/><circle cx="-60" cy="30" r="56" fill="#fda4af"/>
<ellipse cx="-60" cy="36" rx="30" ry="18" fill="url(#oil)"/>
<path d="M30,-100 L190,100" stroke="url(#metal)" stroke-width="16" stroke-linecap="round"/>
<path d="M80,-110 L200,40" stroke="url(#metal)" stroke-width="12" stroke-linecap="round"/>
</g>`;
}

function dryHerbVape(color: string): string {
  return `<g transform="rotate(12)">
<rect x="-100" y="-210" width="200" height="420" rx="60" fill="${color}"/>
<rect x="-86" y="-196" width="34" height="390" rx="17" fill="#ffffff" opacity=".18"/>
<rect x="-30" y="-250" width="60" height="56" rx="20" fill="#111827"/>
<rect x="-60" y="-110" width="120" height="80" rx="14" fill="#0f172a"/>
<text x="0" y="-56" font-family="${FONT}" font-weight="700" font-size="36" fill="#a3e635" text-anchor="middle">390°</text>
<circle cx="0" cy="40" r="30" fill="#ffffff" opacity=".85"/>
<circle cx="-44" cy="110" r="14" fill="#ffffff" opacity=".6"/><circle cx="44" cy="110" r="14" fill="#ffffff" opacity=".6"/>
</g>`;
}

export function tray(): string {
  return `<g transform="rotate(-10)">
<rect x="-230" y="-150" width="460" height="300" rx="36" fill="#c08a4b"/>
<rect x="-206" y="-126" width="412" height="252" rx="24" fill="#ddb27c"/>
<path d="M-206,-70 L206,-70 M-206,-10 L206,-10 M-206,50 L206,50" stroke="#c08a4b" stroke-width="4" opacity=".6"/>
<g transform="translate(10 10) rotate(-15) scale(.55)">${joint('#f7f1e3', '#4d7c0f')}</g>
</g>`;
}

export function productIllustration(p: { name: string; category: string; strainType?: StrainType | undefined }, seed: string): string {
  const n = p.name;
  const hueColors = ['#be185d', '#dc2626', '#7c3aed', '#f59e0b', '#0d9488', '#e11d48', '#ea580c'];
  const pick = (salt: number) => hueColors[Math.floor(rand(seed, salt) * hueColors.length)] ?? '#be185d';
  switch (p.category) {
    case 'flower':
      return typedLeaf(p.strainType, seed);
    case 'edible':
      if (/chocolate|bar/i.test(n)) return chocolateBar(pick(50));
      if (/seltzer|coffee|shot|drink/i.test(n)) return can(/coffee/i.test(n) ? '#78350f' : '#ec4899');
      if (/mint/i.test(n)) return mintTin('#0f766e');
      if (/caramel/i.test(n)) return gummies(['#b45309', '#d97706', '#92400e']);
      if (/blueberry/i.test(n)) return gummies(['#4338ca', '#6d28d9', '#1e40af']);
      if (/mango/i.test(n)) return gummies(['#f59e0b', '#f97316', '#eab308']);
      if (/watermelon/i.test(n)) return gummies(['#ef4444', '#22c55e', '#f43f5e']);
      return gummies([pick(51), pick(52), pick(53)]);
    case 'pre-roll':
      return preRoll(n);
    case 'vaporizer': {
      const body = ['#111827', '#1f2937', '#334155', '#312e81', '#14532d'][Math.floor(rand(seed, 60) * 5)] ?? '#111827';
      if (/disposable|all-in-one/i.test(n)) return disposable(body);
      if (/\bpod\b/i.test(n)) return pod(body);
      return cartridge(body);
    }
    case 'concentrate':
      if (/shatter/i.test(n)) return shatter();
      return jar(['#111827', '#15803d', '#7c3aed', '#b91c1c'][Math.floor(rand(seed, 70) * 4)] ?? '#111827');
    default: {
      const metal = ['#16a34a', '#475569', '#7c3aed', '#0f766e', '#b91c1c'][Math.floor(rand(seed, 80) * 5)] ?? '#475569';
      if (/grinder/i.test(n)) return grinder(metal);
      if (/paper/i.test(n)) return booklet();
      if (/cones/i.test(n)) return preRoll('pack');
      if (/jar/i.test(n)) return uvJar();
      if (/battery/i.test(n)) return cartridge(metal);
      if (/pipe/i.test(n)) return pipe();
      if (/bong/i.test(n)) return bong();
      if (/lighter/i.test(n)) return lighter(metal);
      if (/dab/i.test(n)) return dabSet();
      if (/vaporizer/i.test(n)) return dryHerbVape(metal);
      if (/tray/i.test(n)) return tray();
      return grinder(metal);
    }
  }
}

/** Leaf colour and leaflet width by strain type: broad, dark indica leaves; slim, bright sativa ones. */
const LEAF_STYLE: Record<StrainType, { color: string; vein: string; width: number }> = {
  Indica: { color: '#21602f', vein: '#0f3518', width: 1.3 },
  Sativa: { color: '#3f8f2a', vein: '#1d4a12', width: 0.72 },
  Hybrid: { color: '#2f7d32', vein: '#14401a', width: 1 },
  CBD: { color: '#3a8a4a', vein: '#154a22', width: 1.1 },
};

export function typedLeaf(type: StrainType | undefined, seed: string): string {
  const st = LEAF_STYLE[type ?? 'Hybrid'];
  const tilt = Math.round(rand(seed, 90) * 24 - 12);
  return leaf(st.color, st.vein, `rotate(${tilt})`, st.width);
}
