// NB: docs/decisions/the-coachs-dashboard.md, "One style sheet": the pages' only style, served
// from `/coach/style.css`; no inline style anywhere (the Content-Security-Policy allows none).

/// The dashboard's style sheet.
enum DashboardStyle {
  static let css = """
    :root { color-scheme: light dark; --accent: #0b5cad; --muted: #5f6b76; --line: #d5dbe1;
      --good: #1e7d3a; --fair: #b26a00; --poor: #b3261e; --track: #e4e8ec; }
    @media (prefers-color-scheme: dark) { :root { --accent: #7fb6ff; --muted: #a3adb7;
      --line: #3a4249; --track: #2c3238; --good: #5cc27a; --fair: #f0a845; --poor: #ff8a80; } }
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
    header { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center;
      justify-content: space-between; padding: .75rem 1rem; border-bottom: 1px solid var(--line); }
    .brand { font-weight: 700; text-decoration: none; color: inherit; }
    .who { color: var(--muted); }
    main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
    h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
    h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
    a { color: var(--accent); }
    table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
    th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid var(--line);
      vertical-align: middle; }
    thead th { font-size: .85rem; color: var(--muted); font-weight: 600; }
    .reason, .mark { display: inline-block; padding: 0 .4rem; border-radius: .3rem;
      background: var(--track); font-size: .85rem; margin: .1rem 0; }
    .calm, .muted { color: var(--muted); }
    .bar { vertical-align: middle; }
    .bar .track { fill: var(--track); }
    .bar .fill.good { fill: var(--good); }
    .bar .fill.fair { fill: var(--fair); }
    .bar .fill.poor { fill: var(--poor); }
    .figure { font-variant-numeric: tabular-nums; font-size: .85rem; }
    form.sign-in, .review form { display: grid; gap: .5rem; max-width: 28rem; }
    input[type=email], input[type=password], input[type=text] { font: inherit; padding: .5rem;
      border: 1px solid var(--line); border-radius: .3rem; width: 100%; }
    button { font: inherit; padding: .45rem 1rem; border-radius: .3rem; border: 1px solid var(--accent);
      background: var(--accent); color: #fff; cursor: pointer; justify-self: start; }
    .sign-out button { background: transparent; color: var(--accent); }
    fieldset { border: 1px solid var(--line); border-radius: .3rem; }
    .choice { margin-right: 1rem; }
    .refusal { padding: .6rem .8rem; border-left: 4px solid var(--poor); background: var(--track); }
    blockquote { margin: .5rem 0; padding: .5rem .8rem; border-left: 4px solid var(--line);
      white-space: pre-wrap; overflow-wrap: anywhere; }
    .pages { display: flex; gap: 1rem; margin: 1rem 0; }
    .crumbs { margin: 0; }
    @media (max-width: 40rem) { main { padding: .75rem; } th, td { padding: .35rem .4rem; } }
    """
}
