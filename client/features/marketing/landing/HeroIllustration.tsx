/**
 * The landing hero's picture of a creator's own site. Drawn inline rather than
 * loaded as an image, so the first paint needs no extra request and the text
 * uses the page's font.
 */
export function HeroIllustration() {
  return (
    <svg className="hero-illustration" viewBox="0 0 560 440" width="560" height="440" aria-hidden="true" focusable="false">
      <circle cx="470" cy="80" r="70" fill="#ff6b4a" opacity=".14"/>
      <circle cx="84" cy="350" r="80" fill="#5b3df5" opacity=".1"/>
      <rect x="40" y="40" width="460" height="340" rx="22" fill="#fff" stroke="#dcd8f0" strokeWidth="3"/>
      <path d="M40 62a22 22 0 0 1 22-22h416a22 22 0 0 1 22 22v22H40z" fill="#f6f4ff"/>
      <circle cx="66" cy="62" r="6" fill="#ff6b4a"/><circle cx="86" cy="62" r="6" fill="#ffb020"/><circle cx="106" cy="62" r="6" fill="#137a4b" opacity=".7"/>
      <rect x="136" y="50" width="250" height="24" rx="12" fill="#fff" stroke="#dcd8f0" strokeWidth="2"/>
      <path d="M152 60v-3a4 4 0 0 1 8 0v3" fill="none" stroke="#137a4b" strokeWidth="2"/><rect x="150" y="59" width="12" height="9" rx="2" fill="#137a4b"/>
      <text x="172" y="67" fontSize="13" fontWeight="600" fill="#14122b">yourname.com</text>
      <rect x="40" y="84" width="460" height="96" fill="#5b3df5"/>
      <path d="M40 160c90-40 170 20 260-10s130-50 200-20v50H40z" fill="#4326d9"/>
      <circle cx="110" cy="180" r="38" fill="#ffb020" stroke="#fff" strokeWidth="6"/>
      <circle cx="110" cy="170" r="13" fill="#7a4f00"/><path d="M86 200a24 20 0 0 1 48 0" fill="#7a4f00"/>
      <rect x="162" y="190" width="150" height="16" rx="8" fill="#14122b"/>
      <rect x="162" y="214" width="210" height="10" rx="5" fill="#dcd8f0"/>
      <g>
        <rect x="70" y="250" width="124" height="104" rx="14" fill="#f6f4ff" stroke="#dcd8f0" strokeWidth="2"/>
        <rect x="86" y="266" width="60" height="10" rx="5" fill="#4a4766"/>
        <text x="86" y="306" fontSize="24" fontWeight="800" fill="#14122b">$5</text>
        <rect x="86" y="322" width="92" height="20" rx="10" fill="#dcd8f0"/>
        <rect x="208" y="238" width="124" height="116" rx="14" fill="#fff" stroke="#5b3df5" strokeWidth="3"/>
        <rect x="224" y="256" width="70" height="10" rx="5" fill="#4a4766"/>
        <text x="224" y="298" fontSize="24" fontWeight="800" fill="#14122b">$12</text>
        <rect x="224" y="318" width="92" height="22" rx="11" fill="#5b3df5"/>
        <rect x="346" y="250" width="124" height="104" rx="14" fill="#f6f4ff" stroke="#dcd8f0" strokeWidth="2"/>
        <rect x="362" y="266" width="54" height="10" rx="5" fill="#4a4766"/>
        <text x="362" y="306" fontSize="24" fontWeight="800" fill="#14122b">$25</text>
        <rect x="362" y="322" width="92" height="20" rx="10" fill="#dcd8f0"/>
      </g>
      <g transform="rotate(-8 450 140)">
        <rect x="380" y="112" width="150" height="58" rx="29" fill="#14122b"/>
        <text x="455" y="150" textAnchor="middle" fontSize="24" fontWeight="800" fill="#fff">0% cut</text>
      </g>
      <g>
        <rect x="10" y="96" width="128" height="50" rx="14" fill="#fff" stroke="#dcd8f0" strokeWidth="2"/>
        <circle cx="34" cy="121" r="12" fill="#137a4b"/>
        <path d="M28 121l4 4 8-8" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round"/>
        <rect x="54" y="110" width="70" height="9" rx="4.5" fill="#14122b"/>
        <rect x="54" y="125" width="50" height="8" rx="4" fill="#dcd8f0"/>
      </g>
    </svg>
  );
}
