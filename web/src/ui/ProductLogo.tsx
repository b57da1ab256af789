/** The product logo, drawn inline so it shows offline and with no request; fits 165×33. */
export function ProductLogo() {
  return (
    <svg width="165" height="33" viewBox="0 0 165 33" role="img" aria-label="Fieldtag">
      <path d="M3 6a3 3 0 0 1 3-3h14l10 13.5L20 30H6a3 3 0 0 1-3-3z" fill="#2e7d32" />
      <circle cx="20" cy="16.5" r="3" fill="#fff" />
      <text x="38" y="24" fontFamily="system-ui, sans-serif" fontSize="22" fontWeight="700" fill="#1b5e20">
        Fieldtag
      </text>
    </svg>
  );
}
