// punto-banco's pages: the teaching session, the checker, the bet designer and the analysis,
// in plain JavaScript over the server's REST API (`/api/v1/<command>`), which returns the very
// documents the command line prints with `--format json`. Nothing here knows the drawing rules
// or computes a figure: every explanation, settlement and probability comes from the API.
'use strict';

// ---------------------------------------------------------------------------------------------
// The UI strings, one table per language. French typography: a no-break space (\u00a0) before
// : ; ! ? and inside « », decimal comma (numbers go through Intl.NumberFormat).

const STRINGS = {
  en: {
    title: 'punto-banco',
    nav_session: 'Session',
    nav_check: 'Checker',
    nav_bet: 'Bet designer',
    nav_analysis: 'Analysis',
    other_lang: 'Français',
    large: 'Large type',
    normal: 'Normal type',
    loading: 'Computing…',
    error: (m) => `Error: ${m}`,
    punto: 'Punto',
    banco: 'Banco',
    tie: 'Tie',
    prediction: 'Prediction',
    // Session.
    session_title: 'The teaching session',
    session_lead: 'Two to eight players each choose Punto, Banco or Tie; ten deals from an eight-deck shoe shuffled in your browser, each draw explained in the words of the rules. Stake 20 on every deal.',
    player_name: (i) => `Player ${i}`,
    add_player: 'Add a player',
    remove_player: 'Remove',
    start: 'Shuffle and start',
    names_needed: 'Give every player a name.',
    deal_n: (n, of) => `Deal ${n} of ${of}`,
    next_deal: 'Deal the next coup',
    first_deal: 'Deal the first coup',
    next_step: 'Next step',
    settle: 'Settle',
    opening: 'The four opening cards: Punto, Banco, Punto, Banco.',
    total: (t) => `total ${t}`,
    scores: 'Scores',
    score: 'Score',
    net_this_deal: 'This deal',
    winner: (names) => `Winner: ${names}`,
    winners: (names) => `Joint winners: ${names}`,
    session_over: 'The session is over.',
    new_session: 'New session',
    cards_left: (n) => `${n} cards left in the shoe`,
    full_shoe: 'Every deal from the full shoe of 416 cards, shuffled again (the home format)',
    one_shoe: 'Deal on from one shoe (the exact odds assume a full shoe at every deal)',
    reshuffled: 'Shoe of 416 cards, shuffled again before every deal',
    unused: (cards) => `Not needed: ${cards}, back to the shoe.`,
    golden_tableau: 'The golden tableau',
    banco_total: 'Banco',
    third_card: 'Punto’s third card',
    stood: 'stood',
    punto_total: 'Punto’s total',
    action: 'action',
    letter_draw: 'D',
    letter_stand: 'S',
    letter_natural: 'N',
    legend: 'D = draws, S = stands, N = natural (neither hand draws).',
    odds_title: 'Exact odds of this table',
    odds_lead: 'Each player’s chance of finishing first, over every possible ten-deal session.',
    wins_alone: 'First alone',
    shares_first: 'Shares first place',
    chart_title: 'Each strategy’s final score',
    // Checker.
    check_title: 'The checker',
    check_lead: 'Paste a claimed tableau (a grid or a range table, as rule documents write it) or open a rule file: every cell that differs from the golden tableau, and what it costs, exactly.',
    claimed: 'Claimed tableau or rule file',
    open_file: 'Open a file',
    use_reference: 'Start from the golden tableau',
    check_run: 'Check',
    differences: (n) => `Drawing differences from the reference: ${n}`,
    reach: 'reached with probability',
    cost: 'Change of the house edge (percentage points)',
    main_bets: 'Main bets',
    bet: 'Bet',
    reference_edge: 'Reference edge',
    claimed_edge: 'Claimed rules’ edge',
    exact_change: 'Exact change',
    tariff_differences: (n) => `Tariff differences: ${n}`,
    claims: (n) => `Claims: ${n}`,
    holds: 'holds',
    fails: 'does not hold',
    assumed: 'Not stated, taken from the reference:',
    no_difference: 'No drawing difference: the claimed tableau is the golden tableau.',
    // The check document writes its sentences in English: the English page shows them as they are.
    difference_text: null,
    assumed_keys: {
      naturals: 'the naturals', punto_rule: 'Punto’s rule', banco_when_punto_stands: 'Banco’s rule when Punto stands', tariff: 'the tariff',
    },
    terms_note: '',
    // Bet designer.
    bet_title: 'The bet designer',
    bet_lead: 'A side bet in the bet language of rule files: pay lines tried in order, the first that holds pays, none loses the stake. Edit the form or the JSON; the figures are exact, over the shoe below.',
    bet_name: 'Name',
    examples: 'Start from',
    bet_kind: 'Kind',
    kind_lines: 'Pay lines',
    kind_pair: 'Pair bet',
    pair_hand: 'Pair on',
    pays: 'pays',
    commission: 'commission',
    any: 'any',
    winner_f: 'winner',
    total_f: 'total',
    cards_f: 'cards',
    natural_f: 'natural',
    margin_f: 'margin',
    yes: 'yes',
    no: 'no',
    extra: 'other conditions (JSON)',
    add_line: 'Add a line',
    up: '↑',
    remove_line: '✕',
    bet_json: 'The bet as JSON',
    bad_json: (m) => `The JSON cannot be read: ${m}`,
    edge: 'House edge',
    hit: 'Hit frequency (wins)',
    push: 'Push',
    terms: 'Terms in words',
    eor_title: 'Effect of removal',
    shoe: 'Shoe',
    decks: 'Decks',
    remove_cards: 'Remove cards (click a card to take one out)',
    removed: 'Removed',
    reset: 'Put them back',
    none: 'none',
    // Analysis.
    analysis_title: 'Analysis and decisions',
    analysis_lead: 'A shoe’s exact figures, and why the tableau is what it is: every cell’s value to Banco.',
    rules: 'Rules',
    remove: 'Remove',
    run: 'Compute',
    outcomes: 'Outcomes',
    outcome: 'Outcome',
    count: 'Sequences',
    probability: 'Probability',
    edges: 'House edges',
    draws: 'Draws',
    naturals: 'Naturals',
    decisions_title: 'Decisions: draw minus stand, for the Banco bet',
    decisions_lead: 'Each cell: how much drawing instead of standing changes Banco’s expected net per unit. Green: drawing is better for Banco, red: standing is. A dashed outline marks a cell where the tableau is not Banco’s best response.',
    show_svg: 'Show the chart',
    sequences: (n) => `${n} ordered six-card sequences`,
    cards_in_shoe: (n) => `${n} cards`,
  },
  fr: {
    title: 'punto-banco',
    nav_session: 'Partie',
    nav_check: 'Vérificateur',
    nav_bet: 'Paris',
    nav_analysis: 'Analyse',
    other_lang: 'English',
    large: 'Grands caractères',
    normal: 'Caractères normaux',
    loading: 'Calcul en cours…',
    error: (m) => `Erreur\u00a0: ${m}`,
    punto: 'Punto',
    banco: 'Banco',
    tie: 'Égalité',
    prediction: 'Prédiction',
    session_title: 'La partie d’initiation',
    session_lead: 'De deux à huit joueurs choisissent Punto, Banco ou Égalité\u00a0; dix donnes d’un sabot de huit jeux battu dans votre navigateur, chaque tirage expliqué avec les mots de la règle. Enjeu de 20 à chaque donne.',
    player_name: (i) => `Joueur ${i}`,
    add_player: 'Ajouter un joueur',
    remove_player: 'Retirer',
    start: 'Battre et commencer',
    names_needed: 'Donnez un nom à chaque joueur.',
    deal_n: (n, of) => `Donne ${n} sur ${of}`,
    next_deal: 'Donner le coup suivant',
    first_deal: 'Donner le premier coup',
    next_step: 'Étape suivante',
    settle: 'Régler',
    opening: 'Les quatre premières cartes\u00a0: Punto, Banco, Punto, Banco.',
    total: (t) => `total ${t}`,
    scores: 'Scores',
    score: 'Score',
    net_this_deal: 'Cette donne',
    winner: (names) => `Vainqueur\u00a0: ${names}`,
    winners: (names) => `Vainqueurs ex æquo\u00a0: ${names}`,
    session_over: 'La partie est terminée.',
    new_session: 'Nouvelle partie',
    cards_left: (n) => `${n} cartes restent dans le sabot`,
    full_shoe: 'Chaque donne du sabot complet de 416 cartes, battu à nouveau (la règle de la partie)',
    one_shoe: 'Donner à la suite d’un même sabot (les chances exactes supposent un sabot complet à chaque donne)',
    reshuffled: 'Sabot de 416 cartes, battu à nouveau avant chaque donne',
    unused: (cards) => `Inutilisées\u00a0: ${cards}, rendues au sabot.`,
    golden_tableau: 'Le tableau de tirage',
    banco_total: 'Banco',
    third_card: '3e carte de Punto',
    stood: 'resté',
    punto_total: 'Total de Punto',
    action: 'action',
    letter_draw: 'T',
    letter_stand: 'R',
    letter_natural: 'N',
    legend: 'T = tire, R = reste, N = naturel (aucune main ne tire).',
    odds_title: 'Les chances exactes de cette table',
    odds_lead: 'La chance de chaque joueur de finir premier, sur toutes les parties de dix donnes possibles.',
    wins_alone: 'Premier seul',
    shares_first: 'Premier ex æquo',
    chart_title: 'Le score final de chaque stratégie',
    check_title: 'Le vérificateur',
    check_lead: 'Collez un tableau revendiqué (une grille ou un tableau par plages, comme l’écrivent les documents de règles) ou ouvrez un fichier de règles\u00a0: chaque case qui diffère du tableau de référence, et son coût exact.',
    claimed: 'Tableau revendiqué ou fichier de règles',
    open_file: 'Ouvrir un fichier',
    use_reference: 'Partir du tableau de référence',
    check_run: 'Vérifier',
    differences: (n) => `Différences de tirage avec la référence\u00a0: ${n}`,
    reach: 'atteinte avec la probabilité',
    cost: 'Changement de l’avantage de la maison (points de pourcentage)',
    main_bets: 'Paris principaux',
    bet: 'Pari',
    reference_edge: 'Avantage de référence',
    claimed_edge: 'Avantage des règles revendiquées',
    exact_change: 'Changement exact',
    tariff_differences: (n) => `Différences de barème\u00a0: ${n}`,
    claims: (n) => `Affirmations\u00a0: ${n}`,
    holds: 'exacte',
    fails: 'fausse',
    assumed: 'Non précisé, repris de la référence\u00a0:',
    no_difference: 'Aucune différence de tirage\u00a0: le tableau revendiqué est celui de la référence.',
    // The check document writes its sentences in English whatever the language (docs/en/check.md,
    // "JSON output"): the French page says a drawing difference from its fields.
    difference_text: (d) => {
      const verb = (a) => (a === 'draw' ? 'tire' : 'reste');
      const against = d.punto_third_card === null ? 'quand Punto est resté' : `contre une troisième carte ${d.punto_third_card}`;
      return d.hand === 'punto'
        ? `Ici, Punto sur ${d.punto_total ?? d.total} ${verb(d.claimed)}\u00a0; la référence ${verb(d.reference)}.`
        : `Ici, Banco sur ${d.banco_total} ${verb(d.claimed)} ${against}\u00a0; la référence ${verb(d.reference)}.`;
    },
    assumed_keys: {
      naturals: 'les naturels', punto_rule: 'la règle de Punto', banco_when_punto_stands: 'la règle de Banco quand Punto reste', tariff: 'le barème',
    },
    terms_note: '(en anglais, comme le document de vérification les écrit)',
    bet_title: 'Le concepteur de paris',
    bet_lead: 'Un pari annexe dans le langage des fichiers de règles\u00a0: les lignes de paiement sont essayées dans l’ordre, la première qui tient paie, aucune\u00a0: la mise est perdue. Modifiez le formulaire ou le JSON\u00a0; les chiffres sont exacts, sur le sabot ci-dessous.',
    bet_name: 'Nom',
    examples: 'Partir de',
    bet_kind: 'Forme',
    kind_lines: 'Lignes de paiement',
    kind_pair: 'Pari sur une paire',
    pair_hand: 'Paire de',
    pays: 'paie',
    commission: 'commission',
    any: 'tout',
    winner_f: 'gagnant',
    total_f: 'total',
    cards_f: 'cartes',
    natural_f: 'naturel',
    margin_f: 'écart',
    yes: 'oui',
    no: 'non',
    extra: 'autres conditions (JSON)',
    add_line: 'Ajouter une ligne',
    up: '↑',
    remove_line: '✕',
    bet_json: 'Le pari en JSON',
    bad_json: (m) => `Le JSON est illisible\u00a0: ${m}`,
    edge: 'Avantage de la maison',
    hit: 'Fréquence de gain',
    push: 'Remboursé',
    terms: 'Les conditions en mots',
    eor_title: 'Effet du retrait',
    shoe: 'Sabot',
    decks: 'Jeux',
    remove_cards: 'Retirer des cartes (cliquez sur une carte pour en sortir une)',
    removed: 'Retirées',
    reset: 'Les remettre',
    none: 'aucune',
    analysis_title: 'Analyse et décisions',
    analysis_lead: 'Les chiffres exacts d’un sabot, et pourquoi le tableau est ce qu’il est\u00a0: la valeur de chaque case pour Banco.',
    rules: 'Règles',
    remove: 'Retirer',
    run: 'Calculer',
    outcomes: 'Issues',
    outcome: 'Issue',
    count: 'Séquences',
    probability: 'Probabilité',
    edges: 'Avantages de la maison',
    draws: 'Tirages',
    naturals: 'Naturels',
    decisions_title: 'Décisions\u00a0: tirer moins rester, pour le pari Banco',
    decisions_lead: 'Chaque case\u00a0: ce que tirer plutôt que rester change au gain moyen de Banco par unité. Vert\u00a0: tirer vaut mieux pour Banco, rouge\u00a0: rester. Un contour pointillé marque une case où le tableau n’est pas la meilleure réponse de Banco.',
    show_svg: 'Afficher le graphique',
    sequences: (n) => `${n} séquences ordonnées de six cartes`,
    cards_in_shoe: (n) => `${n} cartes`,
  },
};

const LANGS = ['en', 'fr'];
const ROUTES = ['session', 'check', 'bet', 'analysis'];
const DEALS = 10;
const DECKS = 8;
const STAKE = 20;

const state = {
  lang: initialLang(),
  rulesDoc: {}, // the golden tableau by language, from `GET /api/v1/rules`
};

function initialLang() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (LANGS.includes(asked)) return asked;
  return (navigator.language || 'en').toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** A label followed by a colon, with French spacing. */
function labelled(key) {
  return `${t(key)}${state.lang === 'fr' ? '\u00a0: ' : ': '}`;
}

function t(key, ...args) {
  const entry = STRINGS[state.lang][key];
  if (entry === null) return null;
  if (entry === undefined) throw new Error(`no string ${key}`);
  return typeof entry === 'function' ? entry(...args) : entry;
}

// ---------------------------------------------------------------------------------------------
// Small helpers: building elements, formatting numbers, calling the API.

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'test') el.dataset.test = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'value') el.value = v;
    else if (k === 'checked' || k === 'disabled' || k === 'selected') el[k] = Boolean(v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function locale() {
  return state.lang === 'fr' ? 'fr-FR' : 'en-GB';
}

function fmtNumber(x, digits) {
  return new Intl.NumberFormat(locale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(x).replace('-', '−');
}

function fmtInt(x) {
  // Counts come as decimal strings, beyond a double's exact range: group the digits by hand.
  const s = String(x);
  const sep = state.lang === 'fr' ? '\u202f' : ',';
  return s.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

function fmtPercent(x, digits = 4) {
  return fmtNumber(x, digits) + (state.lang === 'fr' ? '\u00a0%' : '%');
}

function fmtSigned(x, digits) {
  const s = fmtNumber(x, digits);
  return x > 0 ? `+${s}` : s;
}

function fmtSignedInt(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return '0';
}

function betName(key) {
  if (key === 'punto' || key === 'banco' || key === 'tie') return t(key);
  return key.split(/[_-]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

class ApiError extends Error {}

/** Calls `/api/v1/<command>`: GET with the options in the query, or POST with a JSON body. */
async function api(command, options = {}, { method = 'GET', svg = false } = {}) {
  let url = `/api/v1/${command}`;
  const init = { method, headers: {} };
  if (method === 'GET') {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(options)) query.set(k, Array.isArray(v) ? v.join(',') : v);
    if (svg) query.set('format', 'svg');
    const q = query.toString();
    if (q) url += `?${q}`;
  } else {
    if (svg) url += '?format=svg';
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      message = JSON.parse(text).error || text;
    } catch (_) {
      // The body was not JSON: show it as it is.
    }
    throw new ApiError(message || `${response.status} ${response.statusText}`);
  }
  return svg ? text : JSON.parse(text);
}

/** An <img> showing an SVG document returned by the API. */
function svgImage(svgText, alt, test) {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  return h('img', { class: 'chart', src: url, alt, test });
}

function errorBox(e, test = 'error') {
  return h('div', { class: 'error', test, role: 'alert' }, t('error', e.message || String(e)));
}

async function rulesDoc() {
  // The rules document has no words: one for both languages (the letters are the page's).
  if (!state.rulesDoc.doc) state.rulesDoc.doc = await api('rules');
  state.rulesDoc[state.lang] = state.rulesDoc.doc;
  return state.rulesDoc[state.lang];
}

// ---------------------------------------------------------------------------------------------
// Cards: an eight-deck shoe shuffled with the browser's cryptographic generator.

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['S', 'H', 'D', 'C'];
const SUIT_SYMBOL = { S: '♠', H: '♥', D: '♦', C: '♣' };

function cardLabel(code) {
  return code.slice(0, -1) + SUIT_SYMBOL[code.slice(-1)];
}

function isRed(label) {
  return /[♥♦HD]$/.test(label);
}

/** A uniform whole number below `n`, by rejection (no modulo bias). */
function randomBelow(n) {
  const limit = Math.floor(0x100000000 / n) * n;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0] < limit) return word[0] % n;
  }
}

function shuffledShoe(decks) {
  const shoe = [];
  for (let d = 0; d < decks; d++) for (const r of RANKS) for (const s of SUITS) shoe.push(r + s);
  for (let i = shoe.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [shoe[i], shoe[j]] = [shoe[j], shoe[i]];
  }
  return shoe;
}

function cardEl(label, fresh) {
  return h('span', { class: `card${isRed(label) ? ' red' : ''}${fresh ? ' new' : ''}`, test: 'card' }, label);
}

// ---------------------------------------------------------------------------------------------
// The golden tableau, drawn from the rules document, with cells that can be highlighted.

function cellClass(action) {
  return action === 'draw' ? 'draw' : action === 'stand' ? 'stand' : 'natural';
}

function letter(action) {
  const key = { draw: 'letter_draw', stand: 'letter_stand', natural: 'letter_natural' }[action];
  return key ? t(key) : String(action);
}

function columnKey(third) {
  return third === null || third === undefined ? 'stood' : String(third);
}

/** The tableau as a table; `mark(hand, row, column)` returns extra classes for a cell. */
function tableauEl(doc, mark = () => '') {
  const columns = doc.banco[0].cells.map((c) => c.punto_third_card);
  const head = h('tr', {},
    h('th', {}, `${t('banco_total')} \\ ${t('third_card')}`),
    columns.map((c) => h('th', { test: `col-${columnKey(c)}` }, c === null ? t('stood') : String(c))));
  const rows = doc.banco.map((row) => h('tr', {},
    h('th', { test: `row-${row.banco_total}` }, String(row.banco_total)),
    row.cells.map((cell) => h('td', {
      class: `${cellClass(cell.action)} ${mark('banco', row.banco_total, columnKey(cell.punto_third_card))}`,
      test: `cell-${row.banco_total}-${columnKey(cell.punto_third_card)}`,
    }, letter(cell.action)))));
  const punto = h('table', { class: 'tableau', test: 'punto-row' },
    h('tr', {}, h('th', {}, t('punto_total')), doc.punto.map((p) => h('th', {}, String(p.punto_total)))),
    h('tr', {}, h('th', {}, t('action')), doc.punto.map((p) => h('td', {
      class: `${cellClass(p.action)} ${mark('punto', p.punto_total, null)}`,
      test: `punto-${p.punto_total}`,
    }, letter(p.action)))));
  return h('div', { class: 'scroll' },
    h('table', { class: 'tableau', test: 'tableau' }, head, rows),
    punto,
    h('p', { class: 'muted' }, t('legend')));
}

// ---------------------------------------------------------------------------------------------
// The teaching session.

const session = {
  phase: 'setup', // setup, play, over
  players: [
    { name: '', prediction: 'punto' },
    { name: '', prediction: 'banco' },
  ],
  // The home format deals every coup from a full shoe shuffled again (docs/en/session.md, as
  // the teaching texts ask, and as the exact odds assume); one shoe dealt on is the casino's.
  reshuffle: true,
  shoe: [],
  position: 0,
  dealNumber: 0, // deals started
  deal: null, // the current deal document
  stage: 0, // 0: opening cards shown; 1..steps: steps shown; steps+1: settled
  scores: [],
  lastNet: [],
  odds: null,
  chart: null,
  oddsError: null,
  error: null,
};

function renderSession(main) {
  main.append(h('h1', {}, t('session_title')), h('p', { class: 'lead' }, t('session_lead')));
  if (session.phase === 'setup') {
    main.append(sessionSetup());
    return;
  }
  main.append(sessionBoard());
}

function sessionSetup() {
  const form = h('form', { class: 'panel', test: 'setup', onsubmit: (e) => { e.preventDefault(); startSession(); } });
  session.players.forEach((player, i) => {
    const name = h('input', {
      type: 'text', value: player.name, placeholder: t('player_name', i + 1), maxlength: 40,
      test: `player-name-${i}`, 'aria-label': t('player_name', i + 1),
      oninput: (e) => { player.name = e.target.value; },
    });
    const prediction = h('select', {
      test: `player-prediction-${i}`, 'aria-label': t('prediction'),
      onchange: (e) => { player.prediction = e.target.value; },
    }, ['punto', 'banco', 'tie'].map((p) => h('option', { value: p, selected: player.prediction === p }, t(p))));
    const remove = session.players.length > 2 ? h('button', {
      type: 'button', class: 'secondary', test: `player-remove-${i}`,
      onclick: () => { session.players.splice(i, 1); render(); },
    }, t('remove_player')) : null;
    form.append(h('div', { class: 'row' }, name, prediction, remove));
  });
  const mode = (reshuffle, label, test) => h('label', {}, h('input', {
    type: 'radio', name: 'shoe-mode', checked: session.reshuffle === reshuffle, test,
    onchange: () => { session.reshuffle = reshuffle; },
  }), label);
  form.append(h('div', { class: 'row' }, mode(true, t('full_shoe'), 'mode-full-shoe'), mode(false, t('one_shoe'), 'mode-one-shoe')));
  if (session.error) form.append(h('p', { class: 'error', test: 'setup-error' }, session.error));
  form.append(h('div', { class: 'row' },
    session.players.length < 8 ? h('button', {
      type: 'button', class: 'secondary', test: 'add-player',
      onclick: () => { session.players.push({ name: '', prediction: 'punto' }); render(); },
    }, t('add_player')) : null,
    h('button', { type: 'submit', test: 'start' }, t('start'))));
  return form;
}

function startSession() {
  session.players.forEach((p) => { p.name = p.name.trim(); });
  if (session.players.some((p) => !p.name)) {
    session.error = t('names_needed');
    render();
    return;
  }
  Object.assign(session, {
    phase: 'play', shoe: shuffledShoe(DECKS), position: 0, dealNumber: 0, deal: null, stage: 0,
    scores: session.players.map(() => 0), lastNet: session.players.map(() => null),
    odds: null, chart: null, oddsError: null, error: null,
  });
  render();
  loadOdds();
}

async function loadOdds() {
  const players = session.players.map((p) => p.prediction).join(',');
  try {
    const [odds, chart] = await Promise.all([
      api('session-odds', { players, lang: state.lang }),
      api('session-odds', { lang: state.lang }, { svg: true }),
    ]);
    session.odds = odds;
    session.chart = chart;
  } catch (e) {
    session.oddsError = e;
  }
  if (currentRoute() === 'session') render();
}

function stepsOf(deal) {
  return deal ? deal.steps.length : 0;
}

async function advance() {
  const deal = session.deal;
  if (deal && session.stage <= stepsOf(deal)) {
    session.stage += 1;
    if (session.stage === stepsOf(deal) + 1) settle();
    render();
    return;
  }
  if (session.dealNumber >= DEALS) return;
  if (session.reshuffle) {
    session.shoe = shuffledShoe(DECKS);
    session.position = 0;
  }
  const cards = session.shoe.slice(session.position, session.position + 6);
  const button = document.querySelector('[data-test="next"]');
  if (button) button.disabled = true;
  try {
    const doc = await api('deal', { cards: cards.join(','), lang: state.lang, stake: STAKE }, { method: 'POST' });
    session.position += 6 - doc.unused.length;
    session.dealNumber += 1;
    session.deal = doc;
    session.stage = 0;
    session.error = null;
  } catch (e) {
    session.error = e.message;
  }
  render();
}

function settle() {
  const net = session.deal.net;
  session.lastNet = session.players.map((p) => net[p.prediction]);
  session.scores = session.scores.map((s, i) => s + session.lastNet[i]);
  if (session.dealNumber >= DEALS) session.phase = 'over';
}

/** The cards each hand holds once `stage` steps are shown. */
function handsAt(deal, stage) {
  const punto = deal.punto.cards.slice(0, 2);
  const banco = deal.banco.cards.slice(0, 2);
  let fresh = null;
  for (let i = 0; i < Math.min(stage, deal.steps.length); i++) {
    const step = deal.steps[i];
    if (step.decision === 'draw') {
      const hand = step.hand === 'punto' ? punto : banco;
      hand.push(deal[step.hand].cards[2]);
      fresh = i === stage - 1 ? step.hand : fresh;
    }
  }
  return { punto, banco, fresh };
}

function sessionBoard() {
  const deal = session.deal;
  const steps = stepsOf(deal);
  const settled = deal && session.stage > steps;
  const wrap = h('div', { test: 'board' });
  let label;
  if (!deal) label = t('first_deal');
  else if (settled) label = t('next_deal');
  else if (session.stage === steps) label = t('settle');
  else label = t('next_step');
  const over = session.phase === 'over';
  wrap.append(h('div', { class: 'row' },
    h('strong', { test: 'deal-number' }, deal ? t('deal_n', session.dealNumber, DEALS) : ''),
    over ? null : h('button', { type: 'button', test: 'next', onclick: advance }, label),
    h('span', { class: 'muted', test: 'cards-left' }, session.reshuffle ? t('reshuffled') : t('cards_left', session.shoe.length - session.position)),
    h('button', {
      type: 'button', class: 'secondary', test: 'new-session',
      onclick: () => { session.phase = 'setup'; render(); },
    }, t('new_session'))));
  if (session.error) wrap.append(h('p', { class: 'error', test: 'deal-error' }, session.error));

  // Three areas: the coup, the tableau beside it, and the scores and odds below the coup (on a
  // phone, the tableau comes right after the coup it explains).
  const left = h('div', { class: 'area-coup' });
  const below = h('div', { class: 'area-scores' });
  const right = h('div', { class: 'area-tableau' });
  if (deal) {
    const hands = handsAt(deal, session.stage);
    const hand = (which) => h('div', { class: `hand ${which}`, test: `hand-${which}` },
      h('h3', {}, t(which), settled ? ` — ${t('total', deal[which].total)}` : ''),
      h('div', { class: 'cards' }, hands[which].map((c, i) => cardEl(c, hands.fresh === which && i === 2))));
    left.append(h('div', { class: 'hands' }, hand('punto'), hand('banco')));
    let text;
    if (session.stage === 0) text = t('opening');
    else if (session.stage <= steps) text = deal.steps[session.stage - 1].text;
    else text = deal.result;
    left.append(h('p', { class: settled ? 'step-text result' : 'step-text', test: settled ? 'result' : 'step-text' }, text));
    if (settled && deal.unused.length) {
      left.append(h('p', { class: 'muted', test: 'unused' }, t('unused', deal.unused.join(' '))));
    }
    if (settled) {
      left.append(h('p', { test: 'settlement' },
        ['punto', 'banco', 'tie'].map((p) => h('span', { class: `pred-${p}` }, `${t(p)} ${fmtSignedInt(deal.net[p])}  `))));
    }
  }
  below.append(scoresEl(settled));
  if (over) below.append(winnerEl());
  below.append(oddsEl());

  right.append(h('h2', {}, t('golden_tableau')));
  right.append(state.rulesDoc[state.lang] ? tableauEl(state.rulesDoc[state.lang], markStep()) : h('p', { class: 'muted' }, t('loading')));
  wrap.append(h('div', { class: 'board' }, left, right, below));
  return wrap;
}

/** The classes that highlight the tableau cell of the step on show, and its row and column. */
function markStep() {
  const deal = session.deal;
  if (!deal || session.stage < 1 || session.stage > stepsOf(deal)) return () => '';
  const step = deal.steps[session.stage - 1];
  return (hand, row, column) => {
    if (step.decision === 'natural') {
      if (hand === 'punto' && row === step.punto_total) return 'hl';
      if (hand === 'banco' && row === step.banco_total) return 'hl-line';
      return '';
    }
    if (hand !== step.hand) return '';
    if (hand === 'punto') return row === step.total ? 'hl' : '';
    const wanted = columnKey(step.punto_third_card);
    if (row === step.total && column === wanted) return 'hl';
    if (row === step.total || column === wanted) return 'hl-line';
    return '';
  };
}

function scoresEl(settled) {
  return h('div', {},
    h('h2', {}, t('scores')),
    h('div', { class: 'scroll' }, h('table', { test: 'scores' },
      h('tr', {}, h('th', {}, ''), h('th', {}, t('prediction')), h('th', { class: 'num' }, t('net_this_deal')), h('th', { class: 'num' }, t('score'))),
      session.players.map((p, i) => h('tr', {},
        h('td', { test: `score-name-${i}` }, p.name),
        h('td', { class: `pred-${p.prediction}` }, t(p.prediction)),
        h('td', { class: 'num', test: `score-net-${i}` }, settled && session.lastNet[i] !== null ? fmtSignedInt(session.lastNet[i]) : ''),
        h('td', { class: 'num', test: `score-${i}`, 'data-value': session.scores[i] }, fmtSignedInt(session.scores[i])))))));
}

function winnerEl() {
  const best = Math.max(...session.scores);
  const names = session.players.filter((_, i) => session.scores[i] === best).map((p) => p.name);
  const list = new Intl.ListFormat(locale(), { type: 'conjunction' }).format(names);
  return h('div', { class: 'panel' },
    h('p', {}, t('session_over')),
    h('p', { class: 'winner', test: 'winner' }, names.length > 1 ? t('winners', list) : t('winner', list)));
}

function oddsEl() {
  const box = h('div', { test: 'odds' }, h('h2', {}, t('odds_title')), h('p', { class: 'muted' }, t('odds_lead')));
  if (session.oddsError) {
    box.append(errorBox(session.oddsError, 'odds-error'));
    return box;
  }
  if (!session.odds) {
    box.append(h('p', { class: 'muted' }, t('loading')));
    return box;
  }
  box.append(h('div', { class: 'scroll' }, h('table', { test: 'odds-table' },
    h('tr', {}, h('th', {}, ''), h('th', {}, t('prediction')), h('th', { class: 'num' }, t('wins_alone')), h('th', { class: 'num' }, t('shares_first'))),
    session.odds.players.map((p, i) => h('tr', {},
      h('td', {}, session.players[i].name),
      h('td', { class: `pred-${p.prediction}` }, t(p.prediction)),
      h('td', { class: 'num', title: p.wins_alone, test: `odds-alone-${i}` }, fmtPercent(100 * p.wins_alone_decimal, 2)),
      h('td', { class: 'num', title: p.shares_first }, fmtPercent(100 * p.shares_first_decimal, 3)))))));
  if (session.chart) box.append(h('h3', {}, t('chart_title')), svgImage(session.chart, t('chart_title'), 'odds-chart'));
  return box;
}

// ---------------------------------------------------------------------------------------------
// The checker.

const checker = { text: '', report: null, error: null, busy: false };

function referenceGrid(doc) {
  // The golden tableau written as a tab-separated grid, the form `check` reads, to edit.
  const columns = doc.banco[0].cells.map((c) => c.punto_third_card).filter((c) => c !== null);
  const lines = [['Banco', ...columns].join('\t')];
  for (const row of doc.banco) {
    if (row.natural) continue;
    const cells = row.cells.filter((c) => c.punto_third_card !== null).map((c) => (c.action === 'draw' ? 'D' : 'S'));
    lines.push([row.banco_total, ...cells].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

function renderCheck(main) {
  main.append(h('h1', {}, t('check_title')), h('p', { class: 'lead' }, t('check_lead')));
  const area = h('textarea', {
    rows: 12, test: 'claimed', 'aria-label': t('claimed'), spellcheck: 'false',
    oninput: (e) => { checker.text = e.target.value; },
  });
  area.value = checker.text;
  const file = h('input', {
    type: 'file', accept: '.json,.txt,.tsv,.md,.csv,text/*,application/json', test: 'claimed-file',
    onchange: (e) => {
      const chosen = e.target.files[0];
      if (!chosen) return;
      const reader = new FileReader();
      reader.onload = () => {
        checker.text = String(reader.result);
        runCheck();
      };
      reader.readAsText(chosen);
    },
  });
  main.append(h('div', { class: 'panel' },
    h('label', { for: 'claimed' }, t('claimed')), area,
    h('div', { class: 'row' },
      h('button', { type: 'button', test: 'check-run', onclick: runCheck, disabled: checker.busy }, t('check_run')),
      h('button', {
        type: 'button', class: 'secondary', test: 'use-reference',
        onclick: async () => { checker.text = referenceGrid(await rulesDoc()); render(); },
      }, t('use_reference')),
      h('label', {}, t('open_file'), file))));
  if (checker.busy) main.append(h('p', { class: 'muted' }, t('loading')));
  if (checker.error) main.append(errorBox(checker.error, 'check-error'));
  if (checker.report && state.rulesDoc[state.lang]) main.append(checkReport(checker.report, state.rulesDoc[state.lang]));
}

/** The claimed rule set as the API takes it: a rule file as its object, a tableau as its text. */
// The claimed rule set as the API takes it: a rule file's object as `rules`, any other text
// (a grid, a range table, or JSON the server will say is wrong) as `rules_text`.
function claimedRules(text) {
  if (text.trim().startsWith('{')) {
    try {
      return { rules: JSON.parse(text.replace(/^\uFEFF/, '')) };
    } catch (_) {
      // Not JSON after all: the server reads it and says where it is wrong.
    }
  }
  return { rules_text: text };
}

async function runCheck() {
  checker.busy = true;
  checker.error = null;
  render();
  try {
    await rulesDoc();
    checker.report = await api('check', { ...claimedRules(checker.text), lang: state.lang }, { method: 'POST' });
  } catch (e) {
    checker.report = null;
    checker.error = e;
  }
  checker.busy = false;
  render();
}

function changeCells(change) {
  return ['punto', 'banco', 'tie'].map((b) => h('span', { class: 'mono nowrap' },
    `${t(b)} ${fmtSigned(change[b].percentage_points, 6)}  `));
}

function checkReport(report, doc) {
  const box = h('div', { test: 'check-report' });
  const differences = report.differences || [];
  const diffAt = new Map(differences.map((d, i) => [`${d.hand}:${d.hand === 'punto' ? d.punto_total ?? d.total : d.banco_total}:${columnKey(d.punto_third_card)}`, i + 1]));
  if (report.assumed_from_reference && report.assumed_from_reference.length) {
    const names = report.assumed_from_reference.map((k) => STRINGS[state.lang].assumed_keys[k] || k);
    box.append(h('p', { class: 'muted', test: 'assumed' }, `${t('assumed')} ${names.join(', ')}.`));
  }
  box.append(h('h2', { test: 'difference-count', 'data-value': differences.length }, t('differences', differences.length)));
  const tableau = tableauEl(doc, (hand, row, column) => {
    const key = hand === 'punto' ? `punto:${row}:stood` : `banco:${row}:${column}`;
    return diffAt.has(key) ? 'diff' : '';
  });
  // Number the differing cells as the list below numbers them.
  for (const [key, n] of diffAt) {
    const [hand, row, column] = key.split(':');
    const cell = tableau.querySelector(hand === 'punto' ? `[data-test="punto-${row}"]` : `[data-test="cell-${row}-${column}"]`);
    const d = differences[n - 1];
    if (cell) cell.replaceChildren(`${letter(d.reference)}→${letter(d.claimed)}`, h('sup', {}, String(n)));
  }
  box.append(tableau);
  if (!differences.length) box.append(h('p', { test: 'no-difference' }, t('no_difference')));
  box.append(h('ol', { test: 'differences' }, differences.map((d) => h('li', { test: 'difference' },
    h('p', { test: 'difference-text' }, STRINGS[state.lang].difference_text ? STRINGS[state.lang].difference_text(d) : d.text),
    h('p', { class: 'muted' }, `${t('reach')} ${fmtNumber(d.reach.decimal, 8)} (${d.reach.exact})`),
    h('p', { test: 'difference-cost' }, labelled('cost'), changeCells(d.edge_change))))));
  if (report.reference_edges && report.claimed_edges) {
    box.append(h('h2', {}, t('main_bets')), h('div', { class: 'scroll' }, h('table', { test: 'check-bets' },
      h('tr', {}, h('th', {}, t('bet')), h('th', { class: 'num' }, t('reference_edge')), h('th', { class: 'num' }, t('claimed_edge')), h('th', { class: 'num' }, t('exact_change'))),
      ['punto', 'banco', 'tie'].map((b) => h('tr', {},
        h('td', {}, t(b)),
        h('td', { class: 'num' }, fmtPercent(report.reference_edges[b].edge_percent)),
        h('td', { class: 'num' }, fmtPercent(report.claimed_edges[b].edge_percent)),
        h('td', { class: 'num mono' }, report.total_change ? report.total_change[b].exact : ''))))));
  }
  const tariff = report.tariff_differences || [];
  box.append(h('h2', {}, t('tariff_differences', tariff.length)));
  if (tariff.length) {
    box.append(h('ul', {}, tariff.map((d) => h('li', { test: 'tariff-difference' },
      h('strong', {}, betName(d.bet)), ` — ${d.claimed}`,
      d.reference ? h('span', { class: 'muted' }, ` (${d.reference})`) : null))));
  }
  const claims = report.claims || [];
  box.append(h('h2', {}, t('claims', claims.length)));
  if (claims.length) {
    box.append(h('ul', {}, claims.map((c) => h('li', { test: 'claim' },
      `${c.text || c.claim || JSON.stringify(c)} — `,
      h('strong', { class: c.holds ? 'pos' : 'neg' }, c.holds ? t('holds') : t('fails'))))));
  }
  return box;
}

// ---------------------------------------------------------------------------------------------
// The bet designer: a form over the pay lines of a side bet, with its JSON beside it.

const SCHEMA1_FIELDS = ['winner', 'total', 'cards', 'natural', 'margin', 'pays', 'commission'];

// Bets to start from, as docs/en/rule-files.md and the shipped variants write them.
const EXAMPLES = {
  lucky_6: [{ winner: 'banco', total: 6, cards: 2, pays: 12 }, { winner: 'banco', total: 6, cards: 3, pays: 20 }],
  dragon_7: [{ winner: 'banco', total: 7, cards: 3, pays: 40 }],
  panda_8: [{ winner: 'punto', total: 8, cards: 3, pays: 25 }],
  punto_pair: { pair: 'punto', pays: 11 },
  either_pair: [{ any: [{ punto: { first_two: { same: 'rank' } } }, { banco: { first_two: { same: 'rank' } } }], pays: 5 }],
  big: [{ cards_dealt: [5, 6], pays: '0.54' }],
};

const designer = {
  name: 'lucky_6',
  // Lucky 6 as docs/en/rule-files.md writes it: a start to edit.
  bet: structuredClone(EXAMPLES.lucky_6),
  jsonText: null, // the JSON as the user typed it, while it does not parse
  jsonError: null,
  decks: 8,
  removed: {}, // card code -> copies taken out
  result: null,
  error: null,
  seq: 0,
};

function betJson() {
  const bet = designer.bet;
  if (!Array.isArray(bet)) return JSON.stringify({ [designer.name]: bet }, null, 2);
  // One pay line a line, as the shipped rule files write them.
  const lines = bet.map((line) => `    ${inlineJson(line)}`).join(',\n');
  return `{\n  ${JSON.stringify(designer.name)}: [\n${lines}\n  ]\n}`;
}

/** JSON on one line, spaced as the rule files are: `{"winner": "banco", "pays": 12}`. */
function inlineJson(value) {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** Reads the JSON text into the designer; returns an error message or null. */
function readBetJson(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return e.message;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length !== 1) {
    return '{"name": [pay lines]}';
  }
  const [name, bet] = Object.entries(value)[0];
  const isLines = Array.isArray(bet) && bet.every((l) => l && typeof l === 'object' && !Array.isArray(l));
  const isPair = bet && typeof bet === 'object' && !Array.isArray(bet) && 'pair' in bet;
  if (!isLines && !isPair) return '{"name": [pay lines]}';
  designer.name = name;
  designer.bet = bet;
  return null;
}

function removeString() {
  const list = [];
  for (const [code, n] of Object.entries(designer.removed)) for (let i = 0; i < n; i++) list.push(code);
  return list.join(',');
}

/** A rule file: the golden tableau and main bets of the rules document, and the designed bet. */
function ruleFile(doc) {
  const banco = {};
  for (const row of doc.banco) {
    if (row.natural) continue;
    banco[String(row.banco_total)] = row.cells.map((c) => (c.action === 'draw' ? 'D' : 'S')).join(' ');
  }
  const bets = {};
  for (const bet of ['punto', 'banco', 'tie']) {
    // The settlement at the stake, back to pay lines: the win first, then the push.
    const nets = doc.settlement[bet];
    const lines = [];
    for (const winner of [bet, ...['punto', 'banco', 'tie'].filter((w) => w !== bet)]) {
      if (nets[winner] >= 0) lines.push({ winner, pays: fraction(nets[winner], doc.stake) });
    }
    bets[bet] = lines;
  }
  bets[designer.name] = designer.bet;
  const schema2 = Array.isArray(designer.bet) && designer.bet.some((line) => Object.entries(line)
    .some(([k, v]) => !SCHEMA1_FIELDS.includes(k) || Array.isArray(v)));
  return {
    schema: schema2 ? 2 : 1,
    name: `designer-${designer.name}`,
    shoe: { decks: designer.decks },
    drawing: {
      naturals: doc.naturals,
      punto: {
        draws: doc.punto.filter((p) => p.action === 'draw').map((p) => p.punto_total),
        stands: doc.punto.filter((p) => p.action === 'stand').map((p) => p.punto_total),
      },
      banco,
    },
    bets,
  };
}

function fraction(n, d) {
  const gcd = (a, b) => (b ? gcd(b, a % b) : Math.abs(a));
  const g = gcd(n, d) || 1;
  return d / g === 1 ? n / g : `${n / g}/${d / g}`;
}

function updateBet(fromJson) {
  if (!fromJson) {
    designer.jsonText = null;
    designer.jsonError = null;
  }
  scheduleBet();
}

let betTimer = null;
function scheduleBet() {
  clearTimeout(betTimer);
  const result = document.querySelector('[data-test="bet-result"]');
  if (result) result.dataset.state = 'pending';
  betTimer = setTimeout(evaluateBet, 350);
}

async function evaluateBet() {
  const seq = ++designer.seq;
  const box = document.querySelector('[data-test="bet-result"]');
  if (box) box.dataset.state = 'pending';
  try {
    const doc = await rulesDoc();
    const rules = ruleFile(doc);
    const remove = removeString();
    const shoe = remove ? { remove } : {};
    const [analysis, check, eor] = await Promise.all([
      api('analyze', { rules, ...shoe }, { method: 'POST' }),
      api('check', { rules, lang: state.lang }, { method: 'POST' }),
      api('eor', { rules, lang: state.lang, ...shoe }, { method: 'POST', svg: true }),
    ]);
    if (seq !== designer.seq) return;
    designer.result = { analysis, check, eor };
    designer.error = null;
  } catch (e) {
    if (seq !== designer.seq) return;
    designer.result = null;
    designer.error = e;
  }
  if (currentRoute() === 'bet') renderBetResult();
}

function renderBet(main) {
  main.append(h('h1', {}, t('bet_title')), h('p', { class: 'lead' }, t('bet_lead')));
  const form = h('div', { class: 'panel', test: 'bet-form' });
  const json = h('textarea', {
    rows: 14, test: 'bet-json', spellcheck: 'false', 'aria-label': t('bet_json'),
    oninput: (e) => {
      designer.jsonText = e.target.value;
      designer.jsonError = readBetJson(e.target.value);
      const err = document.querySelector('[data-test="bet-json-error"]');
      err.textContent = designer.jsonError ? t('bad_json', designer.jsonError) : '';
      err.hidden = !designer.jsonError;
      if (!designer.jsonError) {
        fillBetForm(form, json);
        updateBet(true);
      }
    },
  });
  json.value = designer.jsonText ?? betJson();
  fillBetForm(form, json);
  main.append(h('div', { class: 'grid2' }, form, h('div', {},
    h('h2', {}, t('bet_json')), json,
    h('p', { class: 'error', test: 'bet-json-error', hidden: !designer.jsonError }, designer.jsonError ? t('bad_json', designer.jsonError) : ''))));
  main.append(shoePanel());
  main.append(h('div', { test: 'bet-result', 'data-state': 'pending' }));
  renderBetResult();
  if (!designer.result && !designer.error) scheduleBet();
}

function selectOf(value, options, test, onchange) {
  return h('select', { test, onchange: (e) => onchange(e.target.value) },
    options.map(([v, label]) => h('option', { value: v, selected: String(value ?? '') === v }, label)));
}

/** Rebuilds the form from the designer's bet; every edit rewrites the JSON beside it. */
function fillBetForm(form, json) {
  form.replaceChildren();
  const changed = () => {
    json.value = betJson();
    designer.jsonText = null;
    const err = document.querySelector('[data-test="bet-json-error"]');
    if (err) err.hidden = true;
    updateBet(false);
  };
  const lines = Array.isArray(designer.bet);
  form.append(h('div', { class: 'row' }, h('label', {}, t('examples'), selectOf('', [['', '—'], ...Object.keys(EXAMPLES).map((k) => [k, betName(k)])], 'bet-example', (v) => {
    if (!v) return;
    designer.name = v;
    designer.bet = structuredClone(EXAMPLES[v]);
    fillBetForm(form, json);
    changed();
  }))));
  form.append(h('div', { class: 'row' },
    h('label', {}, t('bet_name'), h('input', {
      type: 'text', value: designer.name, test: 'bet-name', pattern: '[a-z0-9_-]+',
      oninput: (e) => { designer.name = e.target.value; changed(); },
    })),
    h('label', {}, t('bet_kind'), selectOf(lines ? 'lines' : 'pair', [['lines', t('kind_lines')], ['pair', t('kind_pair')]], 'bet-kind', (v) => {
      designer.bet = v === 'pair' ? { pair: 'punto', pays: 11 } : [{ winner: 'punto', pays: 1 }];
      fillBetForm(form, json);
      changed();
    }))));
  if (!lines) {
    const bet = designer.bet;
    form.append(h('div', { class: 'row' },
      h('label', {}, t('pair_hand'), selectOf(bet.pair, [['punto', t('punto')], ['banco', t('banco')]], 'pair-hand', (v) => { bet.pair = v; changed(); })),
      h('label', {}, t('pays'), amountInput(bet, 'pays', 'line-pays-0', changed))));
    return;
  }
  const any = ['', t('any')];
  designer.bet.forEach((line, i) => {
    const set = (key, parse) => (v) => {
      if (v === '') delete line[key];
      else line[key] = parse(v);
      changed();
    };
    const extra = Object.fromEntries(Object.entries(line).filter(([k, v]) => !SCHEMA1_FIELDS.includes(k) || Array.isArray(v)));
    const scalar = (k) => (Array.isArray(line[k]) ? undefined : line[k]);
    const digits = (from, to) => Array.from({ length: to - from + 1 }, (_, k) => [String(from + k), String(from + k)]);
    form.append(h('div', { class: 'line', test: `line-${i}` },
      h('label', {}, t('winner_f'), selectOf(line.winner, [any, ['punto', t('punto')], ['banco', t('banco')], ['tie', t('tie')]], `line-winner-${i}`, set('winner', String))),
      h('label', {}, t('total_f'), selectOf(scalar('total'), [any, ...digits(0, 9)], `line-total-${i}`, set('total', Number))),
      h('label', {}, t('cards_f'), selectOf(scalar('cards'), [any, ...digits(2, 3)], `line-cards-${i}`, set('cards', Number))),
      h('label', {}, t('natural_f'), selectOf(line.natural === undefined ? '' : String(line.natural), [any, ['true', t('yes')], ['false', t('no')]], `line-natural-${i}`, set('natural', (v) => v === 'true'))),
      h('label', {}, t('margin_f'), selectOf(scalar('margin'), [any, ...digits(1, 9)], `line-margin-${i}`, set('margin', Number))),
      h('label', {}, t('pays'), amountInput(line, 'pays', `line-pays-${i}`, changed)),
      h('label', {}, t('commission'), amountInput(line, 'commission', `line-commission-${i}`, changed)),
      h('input', {
        type: 'text', class: 'extra', test: `line-extra-${i}`, placeholder: t('extra'), 'aria-label': t('extra'),
        value: Object.keys(extra).length ? JSON.stringify(extra) : '',
        onchange: (e) => {
          let more = {};
          try {
            more = e.target.value.trim() ? JSON.parse(e.target.value) : {};
          } catch (err) {
            e.target.setCustomValidity(err.message);
            e.target.reportValidity();
            return;
          }
          e.target.setCustomValidity('');
          for (const k of Object.keys(extra)) delete line[k];
          Object.assign(line, more);
          fillBetForm(form, json);
          changed();
        },
      }),
      i > 0 ? h('button', {
        type: 'button', class: 'secondary', title: t('up'), test: `line-up-${i}`,
        onclick: () => { designer.bet.splice(i - 1, 0, designer.bet.splice(i, 1)[0]); fillBetForm(form, json); changed(); },
      }, t('up')) : null,
      designer.bet.length > 1 ? h('button', {
        type: 'button', class: 'secondary', title: t('remove_line'), test: `line-remove-${i}`,
        onclick: () => { designer.bet.splice(i, 1); fillBetForm(form, json); changed(); },
      }, t('remove_line')) : null));
  });
  form.append(h('div', { class: 'row' }, h('button', {
    type: 'button', class: 'secondary', test: 'add-line',
    onclick: () => { designer.bet.push({ winner: 'punto', pays: 1 }); fillBetForm(form, json); changed(); },
  }, t('add_line'))));
}

function amountInput(line, key, test, changed) {
  return h('input', {
    type: 'text', class: 'amount', test, value: line[key] === undefined ? '' : String(line[key]),
    inputmode: 'decimal',
    oninput: (e) => {
      const v = e.target.value.trim();
      // Whole numbers are JSON numbers; fractions, decimals and percentages are strings.
      if (v === '') delete line[key];
      else line[key] = /^\d+$/.test(v) ? Number(v) : v;
      changed();
    },
  });
}

function shoePanel() {
  const panel = h('div', { class: 'panel', test: 'shoe' });
  const picker = h('div', { class: 'picker', test: 'picker' });
  for (const s of SUITS) {
    for (const r of RANKS) {
      const code = r + s;
      const n = designer.removed[code] || 0;
      picker.append(h('button', {
        type: 'button', class: `${isRed(s) ? 'red' : ''}${n ? ' taken' : ''}`, test: `pick-${code}`,
        title: cardLabel(code),
        onclick: () => {
          if ((designer.removed[code] || 0) >= designer.decks) return;
          designer.removed[code] = (designer.removed[code] || 0) + 1;
          panel.replaceWith(shoePanel());
          scheduleBet();
        },
      }, cardLabel(code), n ? h('span', { class: 'n' }, String(n)) : null));
    }
  }
  const remove = removeString();
  panel.append(
    h('h2', {}, t('shoe')),
    h('div', { class: 'row' },
      h('label', {}, t('decks'), h('input', {
        type: 'number', min: 1, max: 8, value: designer.decks, test: 'bet-decks', style: 'width:4.5em',
        onchange: (e) => {
          designer.decks = Math.max(1, Math.min(8, Number(e.target.value) || 8));
          designer.removed = {};
          panel.replaceWith(shoePanel());
          scheduleBet();
        },
      }))),
    h('p', {}, t('remove_cards')), picker,
    h('div', { class: 'row' },
      h('span', { test: 'removed' }, labelled('removed'), remove ? remove.split(',').map(cardLabel).join(' ') : t('none')),
      remove ? h('button', {
        type: 'button', class: 'secondary', test: 'reset-removed',
        onclick: () => { designer.removed = {}; panel.replaceWith(shoePanel()); scheduleBet(); },
      }, t('reset')) : null));
  return panel;
}

function renderBetResult() {
  const box = document.querySelector('[data-test="bet-result"]');
  if (!box) return;
  box.replaceChildren();
  if (designer.error) {
    box.append(errorBox(designer.error, 'bet-error'));
    box.dataset.state = 'error';
    return;
  }
  if (!designer.result) {
    box.append(h('p', { class: 'muted' }, t('loading')));
    return;
  }
  const { analysis, check, eor } = designer.result;
  const bet = analysis.bets[designer.name];
  if (!bet) return;
  let win = 0;
  let push = 0;
  for (const d of bet.net_distribution) {
    const [n] = d.net.split('/');
    if (Number(n) > 0) win += d.decimal;
    else if (Number(n) === 0) push += d.decimal;
  }
  const terms = (check.tariff_differences || []).find((d) => d.bet === designer.name);
  box.append(h('div', { class: 'grid2' },
    h('div', { class: 'panel' },
      h('p', {}, `${t('edge')} (${betName(designer.name)})`),
      h('p', { class: 'big-figure', test: 'bet-edge', 'data-value': bet.edge_percent }, fmtPercent(bet.edge_percent)),
      h('p', { class: 'mono', test: 'bet-edge-exact' }, bet.edge),
      h('p', {}, labelled('hit'), h('strong', { test: 'bet-hit' }, fmtPercent(100 * win, 4)),
        push > 0 ? ` — ${t('push')} ${fmtPercent(100 * push, 4)}` : ''),
      h('p', { class: 'muted' }, labelled('shoe'), t('cards_in_shoe', analysis.shoe.cards))),
    h('div', { class: 'panel' },
      h('p', {}, t('terms')),
      h('p', { test: 'bet-terms' }, terms ? terms.claimed : ''),
      t('terms_note') ? h('p', { class: 'muted' }, t('terms_note')) : null)));
  box.append(h('h2', {}, t('eor_title')), svgImage(eor, t('eor_title'), 'bet-eor'));
  box.dataset.state = 'ready';
}

// ---------------------------------------------------------------------------------------------
// Analysis and decisions.

const analysis = { decks: 8, rules: 'reference', remove: '', doc: null, decisions: null, svg: null, error: null, busy: false };

const SHIPPED = ['reference', 'reference-6-decks', 'tie-9-to-1', 'banco-4-percent', 'super-6', 'ez-baccarat', 'side-bets'];

function renderAnalysis(main) {
  main.append(h('h1', {}, t('analysis_title')), h('p', { class: 'lead' }, t('analysis_lead')));
  const form = h('form', {
    class: 'panel row', test: 'analysis-form',
    onsubmit: (e) => { e.preventDefault(); runAnalysis(); },
  },
  h('label', {}, t('decks'), h('input', {
    type: 'number', min: 1, max: 1000, value: analysis.decks, test: 'analysis-decks', style: 'width:5em',
    onchange: (e) => { analysis.decks = Number(e.target.value); },
  })),
  h('label', {}, t('rules'), h('input', {
    type: 'text', list: 'shipped', value: analysis.rules, test: 'analysis-rules', style: 'width:12em',
    onchange: (e) => { analysis.rules = e.target.value.trim(); },
  }), h('datalist', { id: 'shipped' }, SHIPPED.map((n) => h('option', { value: n })))),
  h('label', {}, t('remove'), h('input', {
    type: 'text', value: analysis.remove, placeholder: '8H,9C', test: 'analysis-remove', style: 'width:12em',
    onchange: (e) => { analysis.remove = e.target.value.trim(); },
  })),
  h('button', { type: 'submit', test: 'analysis-run' }, t('run')));
  main.append(form);
  if (analysis.busy) main.append(h('p', { class: 'muted' }, t('loading')));
  if (analysis.error) main.append(errorBox(analysis.error, 'analysis-error'));
  if (analysis.doc) main.append(analysisReport(analysis.doc));
  if (analysis.decisions) main.append(decisionsGrid(analysis.decisions));
  if (!analysis.doc && !analysis.busy && !analysis.error) runAnalysis();
}

async function runAnalysis() {
  analysis.busy = true;
  analysis.error = null;
  render();
  // The analysis and decisions documents have no words: no `lang` (only their charts take one).
  const options = { decks: analysis.decks };
  if (analysis.rules) options.rules = analysis.rules;
  if (analysis.remove) options.remove = analysis.remove;
  try {
    const [doc, decisions] = await Promise.all([api('analyze', options), api('decisions', options)]);
    Object.assign(analysis, { doc, decisions, svg: null });
  } catch (e) {
    Object.assign(analysis, { doc: null, decisions: null, error: e });
  }
  analysis.busy = false;
  if (currentRoute() === 'analysis') render();
}

function probabilityRow(label, figure, test) {
  return h('tr', { test },
    h('td', {}, label),
    h('td', { class: 'num' }, fmtInt(figure.count)),
    h('td', { class: 'num mono' }, figure.probability),
    h('td', { class: 'num' }, fmtNumber(figure.decimal, 6)));
}

function analysisReport(doc) {
  const box = h('div', { test: 'analysis-report' });
  box.append(h('p', { test: 'analysis-shoe' }, labelled('shoe'), `${t('cards_in_shoe', doc.shoe.cards)} — ${t('sequences', fmtInt(doc.sequences))}`));
  const head = h('tr', {}, h('th', {}, ''), h('th', { class: 'num' }, t('count')), h('th', { class: 'num' }, t('probability')), h('th', { class: 'num' }, ''));
  box.append(h('h2', {}, t('outcomes')), h('div', { class: 'scroll' }, h('table', { test: 'outcomes' }, head,
    ['banco', 'punto', 'tie'].map((o) => probabilityRow(t(o), doc.outcomes[o], `outcome-${o}`)))));
  box.append(h('h2', {}, t('edges')), h('div', { class: 'scroll' }, h('table', { test: 'edges' },
    h('tr', {}, h('th', {}, t('bet')), h('th', { class: 'num' }, t('edge')), h('th', { class: 'num' }, '')),
    Object.entries(doc.bets).map(([name, bet]) => h('tr', { test: `edge-${name}` },
      h('td', {}, betName(name)),
      h('td', { class: 'num' }, fmtPercent(bet.edge_percent)),
      h('td', { class: 'num mono' }, bet.edge))))));
  box.append(h('h2', {}, t('draws')), h('div', { class: 'scroll' }, h('table', {}, head.cloneNode(true),
    ['punto', 'banco'].map((o) => probabilityRow(t(o), doc.draws[o], `draws-${o}`)),
    h('tr', {}, h('th', { colspan: 4 }, t('naturals'))),
    probabilityRow('8 / 9', doc.naturals.any, 'naturals-any'))));
  return box;
}

function marginColour(x) {
  // Green when drawing is better for Banco, red when standing is; the shade grows with the
  // square root of the margin, so that small margins still show.
  const strength = Math.min(1, Math.sqrt(Math.abs(x) / 0.08));
  const light = Math.round(97 - 45 * strength);
  return x >= 0 ? `hsl(130, 55%, ${light}%)` : `hsl(5, 75%, ${light}%)`;
}

function decisionsGrid(doc) {
  const box = h('div', { test: 'decisions' }, h('h2', {}, t('decisions_title')), h('p', { class: 'muted' }, t('decisions_lead')));
  const rows = new Map();
  for (const cell of doc.cells) {
    if (!rows.has(cell.banco_total)) rows.set(cell.banco_total, []);
    rows.get(cell.banco_total).push(cell);
  }
  const columns = rows.values().next().value.map((c) => c.punto_third_card);
  const cellEl = (c, value, best, test) => h('td', {
    class: `num${best !== c.tableau ? ' off' : ''}`,
    style: `background:${marginColour(value)}`,
    title: `${letter(c.tableau)} — ${c.draw_minus_stand.banco}`,
    test,
  }, letter(c.tableau), h('br', {}), h('small', {}, fmtSigned(100 * value, 3)));
  box.append(h('div', { class: 'scroll' }, h('table', { class: 'tableau', test: 'decisions-grid' },
    h('tr', {}, h('th', {}, `${t('banco_total')} \\ ${t('third_card')}`), columns.map((c) => h('th', {}, c === null ? t('stood') : String(c)))),
    [...rows].map(([total, cells]) => h('tr', {},
      h('th', {}, String(total)),
      cells.map((c) => cellEl(c, c.decimal.banco, c.best_for_banco, `decision-${total}-${columnKey(c.punto_third_card)}`)))))));
  box.append(h('div', { class: 'scroll' }, h('table', { class: 'tableau', test: 'decisions-punto' },
    h('tr', {}, h('th', {}, t('punto_total')), doc.punto_totals.map((p) => h('th', {}, String(p.punto_total)))),
    h('tr', {}, h('th', {}, t('punto')), doc.punto_totals.map((p) => cellEl(p, p.decimal.punto, p.best_for_punto, `decision-punto-${p.punto_total}`))))));
  const chart = h('div', {});
  box.append(h('button', {
    type: 'button', class: 'secondary', test: 'decisions-svg',
    onclick: async () => {
      const options = { decks: analysis.decks, lang: state.lang };
      // The chart is in the page's language.
      if (analysis.rules) options.rules = analysis.rules;
      if (analysis.remove) options.remove = analysis.remove;
      try {
        chart.replaceChildren(svgImage(await api('decisions', options, { svg: true }), t('decisions_title'), 'decisions-chart'));
      } catch (e) {
        chart.replaceChildren(errorBox(e));
      }
    },
  }, t('show_svg')), chart);
  return box;
}

// ---------------------------------------------------------------------------------------------
// Routing, language and type size.

function currentRoute() {
  const name = location.hash.replace(/^#\/?/, '').split('?')[0];
  return ROUTES.includes(name) ? name : 'session';
}

const RENDER = { session: renderSession, check: renderCheck, bet: renderBet, analysis: renderAnalysis };

function render() {
  const route = currentRoute();
  document.documentElement.lang = state.lang;
  document.title = `${t(`nav_${route}`)} — ${t('title')}`;
  const nav = document.querySelector('nav');
  nav.replaceChildren(...ROUTES.map((r) => h('a', {
    href: `#/${r}`, class: r === route ? 'current' : '', test: `nav-${r}`,
  }, t(`nav_${r}`))));
  document.getElementById('lang-toggle').textContent = t('other_lang');
  const large = document.documentElement.classList.contains('large');
  document.getElementById('large-toggle').textContent = large ? t('normal') : t('large');
  const main = document.getElementById('main');
  // Keep the focused field's place when a re-render is caused by its own input.
  main.replaceChildren();
  main.dataset.route = route;
  main.dataset.lang = state.lang;
  RENDER[route](main);
  if (!state.rulesDoc[state.lang]) {
    rulesDoc().then(() => { if (['session', 'check'].includes(currentRoute())) render(); }, () => {});
  }
}

function setLang(lang) {
  state.lang = lang;
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(null, '', url);
  // The documents on show are in the other language: fetch them again.
  if (session.phase !== 'setup') {
    session.odds = null;
    session.chart = null;
    loadOdds();
    if (session.deal) refetchDeal();
  }
  checker.report = null;
  designer.result = null;
  analysis.doc = null;
  analysis.decisions = null;
  render();
  if (checker.text && currentRoute() === 'check') runCheck();
}

async function refetchDeal() {
  const deal = session.deal;
  // Deal order: Punto, Banco, Punto, Banco, then the third cards in the order drawn.
  const order = [deal.punto.cards[0], deal.banco.cards[0], deal.punto.cards[1], deal.banco.cards[1]];
  for (const step of deal.steps) if (step.decision === 'draw') order.push(deal[step.hand].cards[2]);
  order.push(...deal.unused);
  try {
    session.deal = await api('deal', { cards: order.join(','), lang: state.lang, stake: STAKE }, { method: 'POST' });
  } catch (_) {
    // Keep the deal in the language it was dealt in.
  }
  if (currentRoute() === 'session') render();
}

function init() {
  if (localStorage.getItem('punto-banco-large') === '1') document.documentElement.classList.add('large');
  document.getElementById('lang-toggle').addEventListener('click', () => setLang(state.lang === 'fr' ? 'en' : 'fr'));
  document.getElementById('large-toggle').addEventListener('click', () => {
    const large = document.documentElement.classList.toggle('large');
    localStorage.setItem('punto-banco-large', large ? '1' : '0');
    render();
  });
  window.addEventListener('hashchange', render);
  render();
}

init();
