/* Whole-round rollouts on sampled worlds: the inner loop of `expert`'s search, in C.
 *
 * `rollouts.py` is the typed Python face of this module; read it first. A world is a
 * seat's view with every hidden card filled by a sample of the cards that seat cannot
 * see (a determinization). A candidate move is played in it, then the round is played
 * out to its end by the playout policy (`playout.policy_code`: `ev`'s sums with a flip
 * bonus, every seat deciding from what *it* could see: face-up cards, the discard pile
 * and its own held card, never a face-down value) and scored by the engine's rules.
 *
 * Everything here mirrors Python code that stays the authority, and the tests hold it
 * to that: `step` is `engine.play.step`, `column_score` and `decide` are `ev.py`'s,
 * `policy_code` is `playout.policy_code`, and the scoring is `engine.scoring`'s. The
 * constants of the policy come from Python (`rollouts.Policy.settings`), never from here.
 *
 * It is one file, about 1,300 lines, on purpose: one translation unit lets the compiler
 * inline the inner loop (a column's expected score, a card's best cell) through the sums,
 * the closing outlook, the feeding cost, the policy and the steps, which call each other
 * millions of times a second. In order: randomness; the table; `ev.py`'s sums and
 * outlook; `hard.feeding`; the policy; the engine's steps and scoring; rollouts, luck and
 * streams; the Python bindings.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define CELLS 12
#define COLUMNS 4
#define MAX_SEATS 12
#define DECK 150
#define NVALUES 15 /* card values -2 to 12, index value + 2 */
#define GONE 50
#define DOWN 100
#define NOBODY (-1)
/* worlds.PLACEHOLDER: what a face-down card reads as on a view's table. */
#define PLACEHOLDER 0
#define MAX_STEPS 4000
/* The kinds of luck a rollout notes (Table.luck). */
enum { FLIPPED, DRAWN, REVEALED, UNCOVERED, LUCKS };
/* The numbers a rollout reports: three, then each kind of luck of the seat and of the others. */
#define OUTCOME (3 + 2 * LUCKS)

enum { REVEAL, TURN, FINAL, ROUND_OVER, GAME_OVER };
enum { EMPTY, FROM_DRAW, FROM_DISCARD, FLIP_OWED };
enum { SWAP = 0, FLIP = 12, TAKE = 24, DRAW = 25, DISCARD = 26 };

static const int COUNTS[NVALUES] = {5, 10, 15, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10};

/* ---- randomness: xoshiro256** seeded by splitmix64 ---- */

typedef struct {
    uint64_t s[4];
} Rng;

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void rng_seed(Rng *r, uint64_t seed) {
    for (int i = 0; i < 4; i++) r->s[i] = splitmix(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_next(Rng *r) {
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static int rng_below(Rng *r, int n) { return (int)((rng_next(r) >> 33) % (uint64_t)n); }

static void shuffle(int8_t *a, int n, Rng *r) {
    for (int i = n - 1; i > 0; i--) {
        int j = rng_below(r, i + 1);
        int8_t tmp = a[i];
        a[i] = a[j];
        a[j] = tmp;
    }
}

/* ---- the table: engine/compact_table.py's encoding ---- */

typedef struct {
    int multiplier, tie_doubles, double_only_positive, row_clear, turn_limit, target;
} Rules;

typedef struct {
    double flip_bonus;      /* a flip's worth beyond its expected score */
    double fade_at;         /* policy.Style.pair_horizon: the bonus fades below this */
    int own_fade;           /* 1: it fades by the seat's own face-down cards (hard.tempo);
                               0: by the fewest anyone has (policy.youth) */
    double take_gain;       /* playout.TAKE_GAIN; 0: the full sums decide (ev.decide) */
    double offers_per_card; /* ev.OFFERS_PER_CARD */
    double replace_level;   /* ev.REPLACE_LEVEL */
    double replace_chance;  /* ev.REPLACE_CHANCE */
    double replace_sure_at; /* ev.REPLACE_SURE_AT */
    double fear;            /* the share of the doubling's cost a close is charged */
    int patience;           /* ev.PATIENCE */
    double feed;            /* the share of the next player's gain from a discard it pays */
    double pair_hidden;     /* how it pictures the next player's appetite for pairs */
    double pair_up;         /*   (hard.RIVAL_STYLE: policy.Style's pair worths) */
} Policy;

typedef struct {
    int n, phase, current, closer, source, held, turns, ndraw, ndiscard;
    int totals[MAX_SEATS];
    int8_t down[MAX_SEATS];
    int8_t cells[MAX_SEATS * CELLS];
    int8_t draw[DECK];    /* top card last */
    int8_t discard[DECK]; /* top card last */
    int16_t seen[NVALUES]; /* face-up cards and the discard pile, by value index */
    /* Each seat's luck so far: the cards it turned up or drew, less what they were
     * expected to be when they turned up (the mean of every card not yet shown). Each
     * term has an expectation of 0, so a search may subtract any multiple of it from an
     * outcome without biasing it (a control variate): see `Rollouts.values`. */
    double luck[MAX_SEATS][LUCKS];
    int16_t pile[NVALUES]; /* a reshuffled draw pile: a multiset everybody saw discarded */
    int npile;
    /* A search's worlds deal the draw pile into one stream a seat (`deal_streams`): each
     * seat draws from its own, so two rollouts of different moves in one world still give
     * every seat the same cards after they part (common random numbers), where one shared
     * pile would hand them to other seats. Each card drawn is still any of the cards not
     * shown yet, with the same chance, as from a shared pile. */
    int streams;
    int nstream[MAX_SEATS];
    int8_t stream[MAX_SEATS][DECK]; /* top card last */
} Table;

static inline int face_up(int code) { return code < GONE; }
static inline int face_down(int code) { return code > GONE; }

/* ---- ev.py's sums ---- */

typedef struct {
    int nv;
    int values[NVALUES];
    double probs[NVALUES];
    double chance[NVALUES], later_[NVALUES], worth[NVALUES];
    double mean, sd, triple, hidden, offers;
    int later_known; /* bit i: later_[i] computed (it costs a pow, and few are needed) */
    double vworth[NVALUES]; /* the worth of each of `values` */
    int8_t at[NVALUES];     /* where each value index is in `values` (-1: not there) */
} Odds;

/* ev.Odds.later: the chance that a card of value index `i` turns up before the round ends. */
static inline double later(Odds *o, int i) {
    if (!(o->later_known >> i & 1)) {
        o->later_[i] = 1.0 - pow(1.0 - o->chance[i], o->offers);
        o->later_known |= 1 << i;
    }
    return o->later_[i];
}

/* p³ of each chance count / total a deck allows (count up to 15, total up to DECK), as
 * pow(p, 3.0) gives it, bit for bit: looked up, since that pow was a tenth of a search's
 * time. Filled when the module is loaded. */
#define MOST_OF_A_VALUE 15
static double CUBES[MOST_OF_A_VALUE + 1][DECK + 1];

static void fill_cubes(void) {
    for (int count = 0; count <= MOST_OF_A_VALUE; count++)
        for (int total = 1; total <= DECK; total++)
            CUBES[count][total] = pow((double)count / total, 3.0);
}

static inline double cube_of(int count, int total) {
    if (count <= MOST_OF_A_VALUE && total <= DECK) return CUBES[count][total];
    return pow((double)count / total, 3.0); /* never, with a real deck's counts */
}

/* ev.Odds of the unseen `counts` (by value index) with `offers` cards still to be seen. */
static void make_odds(Odds *o, const int *counts, double offers, const Policy *pol) {
    int total = 0;
    for (int i = 0; i < NVALUES; i++)
        if (counts[i] > 0) total += counts[i];
    o->nv = 0;
    double mean = 0.0, square = 0.0, triple = 0.0, cubes[NVALUES];
    int of = total ? total : DECK; /* no card unseen: the whole deck's odds */
    for (int i = 0; i < NVALUES; i++) {
        int count = total ? counts[i] : COUNTS[i];
        double p = count > 0 ? (double)count / of : 0.0;
        o->chance[i] = p;
        if (p > 0.0) {
            int v = i - 2;
            o->values[o->nv] = v;
            o->probs[o->nv] = p;
            cubes[o->nv] = cube_of(count, of);
            o->nv++;
        }
    }
    for (int k = 0; k < o->nv; k++) {
        double v = o->values[k], p = o->probs[k];
        mean += v * p;
    }
    for (int k = 0; k < o->nv; k++) {
        double v = o->values[k], p = o->probs[k];
        square += v * v * p;
        triple += 3 * v * cubes[k];
    }
    o->mean = mean;
    double var = square - mean * mean;
    o->sd = sqrt(var > 0.0 ? var : 0.0);
    o->triple = triple;
    o->offers = offers;
    o->later_known = 0;
    double replaced = offers / pol->replace_sure_at;
    if (replaced > 1.0) replaced = 1.0;
    replaced *= pol->replace_chance;
    double level = pol->replace_level;
    for (int i = 0; i < NVALUES; i++) {
        int v = i - 2;
        o->worth[i] = v <= level ? v : level + (v - level) * (1 - replaced);
    }
    double hidden = 0.0;
    memset(o->at, -1, sizeof o->at);
    for (int k = 0; k < o->nv; k++) {
        o->vworth[k] = o->worth[o->values[k] + 2];
        o->at[o->values[k] + 2] = (int8_t)k;
        hidden += o->vworth[k] * o->probs[k];
    }
    o->hidden = hidden;
}

/* ev.column_score: the expected final score of one column of three cell codes. Inlined
 * everywhere: it is the innermost call of every sum (a tenth fewer instructions). */
static inline __attribute__((always_inline)) double column_score(int a, int b, int c,
                                                                 Odds *o) {
    const double *worth = o->worth;
    if (a == GONE || b == GONE || c == GONE) {
        int x[3] = {a, b, c};
        double s = 0.0;
        for (int i = 0; i < 3; i++)
            if (x[i] != GONE) s += face_up(x[i]) ? worth[x[i] + 2] : o->hidden;
        return s;
    }
    int up[3], nup = 0;
    if (face_up(a)) up[nup++] = a;
    if (face_up(b)) up[nup++] = b;
    if (face_up(c)) up[nup++] = c;
    if (nup == 3) {
        if (a == b && b == c) return 0.0;
        double total = worth[a + 2] + worth[b + 2] + worth[c + 2];
        if (a == b && a > 0) return (1 - later(o, a + 2)) * total;
        if (a == c && a > 0) return (1 - later(o, a + 2)) * total;
        if (b == c && b > 0) return (1 - later(o, b + 2)) * total;
        return total;
    }
    if (nup == 2) {
        int u = up[0], w = up[1];
        if (u != w) return worth[u + 2] + worth[w + 2] + o->hidden;
        if (u <= 0) return 2 * u + o->hidden - 3 * u * o->chance[u + 2];
        double chance = o->chance[u + 2];
        return (1 - later(o, u + 2)) *
               ((1 - chance) * 2 * worth[u + 2] + o->hidden - chance * worth[u + 2]);
    }
    if (nup == 1) {
        int u = up[0];
        double ch = o->chance[u + 2];
        return worth[u + 2] + 2 * o->hidden - 3 * u * pow(ch, 2.0);
    }
    return 3 * o->hidden - o->triple;
}

static void columns(const int8_t *grid, Odds *o, double *cols) {
    for (int c = 0; c < COLUMNS; c++) cols[c] = column_score(grid[c], grid[c + 4], grid[c + 8], o);
}

static double sum4(const double *cols) { return cols[0] + cols[1] + cols[2] + cols[3]; }

/* engine.scoring.clear_lines on a grid with every card face up or gone: complete columns
 * and (with the row rule) complete rows, found on the grid as it is, are removed in place
 * (a row and a column that share a card both go); the raw score of the rest. */
static int clear_grid(int8_t *g, int row_clear) {
    int rows[3] = {0, 0, 0};
    if (row_clear)
        for (int r = 0; r < 3; r++) {
            const int8_t *row = g + 4 * r;
            rows[r] = row[0] != GONE && row[0] == row[1] && row[0] == row[2] && row[0] == row[3];
        }
    for (int c = 0; c < COLUMNS; c++)
        if (g[c] != GONE && g[c] == g[c + 4] && g[c] == g[c + 8]) g[c] = g[c + 4] = g[c + 8] = GONE;
    for (int r = 0; r < 3; r++)
        if (rows[r]) memset(g + 4 * r, GONE, COLUMNS);
    int raw = 0;
    for (int k = 0; k < CELLS; k++)
        if (g[k] != GONE) raw += g[k];
    return raw;
}

/* The raw score `clear_grid` gives, the grid left as it is. */
static int known_score(const int8_t *grid, int row_clear) {
    int8_t g[CELLS];
    memcpy(g, grid, CELLS);
    return clear_grid(g, row_clear);
}

/* Whether cell `k` and a cell higher up in its column are both face down: a card put at
 * either scores the same, to the last bit (`column_score` reads no face-down value, and
 * with a face-down card beside it sums at most two terms, which commute), so a search for
 * the best cell may skip `k`. */
static inline int repeats_above(const int8_t *grid, int k) {
    if (!face_down(grid[k])) return 0;
    for (int r = k - COLUMNS; r >= 0; r -= COLUMNS)
        if (face_down(grid[r])) return 1;
    return 0;
}

/* A cell's column with the cell left out, sorted out once for every card a search may put
 * there (`rest_of`), so that `lower_with` gives `column_score` of the column with each
 * card, by the same expressions in the same order: the same results to the last bit. */
enum { REST_GONE, REST_DOWN, REST_ONE_UP, REST_UP };
typedef struct {
    int kind, row, a, b, c; /* the column's three codes; `row` the cell's */
    int up;                 /* REST_ONE_UP: the other face-up card */
    int p, q;               /* REST_UP: the other two, top first */
    double wp, wq, wpq;     /* REST_UP: their worths, and their sum */
} Rest;

static inline void rest_of(Rest *r, const int8_t *grid, int cell, const Odds *o) {
    int col = cell % COLUMNS;
    r->up = r->p = r->q = 0;
    r->wp = r->wq = r->wpq = 0.0;
    r->row = cell / COLUMNS;
    r->a = grid[col];
    r->b = grid[col + 4];
    r->c = grid[col + 8];
    int p = r->row == 0 ? r->b : r->a, q = r->row == 2 ? r->b : r->c;
    if (p == GONE || q == GONE)
        r->kind = REST_GONE;
    else if (face_down(p) && face_down(q))
        r->kind = REST_DOWN;
    else if (face_down(p) || face_down(q)) {
        r->kind = REST_ONE_UP;
        r->up = face_up(p) ? p : q;
    } else {
        r->kind = REST_UP;
        r->p = p;
        r->q = q;
        r->wp = o->worth[p + 2];
        r->wq = o->worth[q + 2];
        r->wpq = r->wp + r->wq;
    }
}

/* `column_score` of the column `r` with the face-up card `x` at its cell. */
static inline double column_with(const Rest *r, int x, Odds *o) {
    return r->row == 0   ? column_score(x, r->b, r->c, o)
           : r->row == 1 ? column_score(r->a, x, r->c, o)
                         : column_score(r->a, r->b, x, o);
}

/* `column_score`'s end for a column of two face-up `u` and a face-down card. */
static inline __attribute__((always_inline)) double paired(int u, Odds *o) {
    if (u <= 0) return 2 * u + o->hidden - 3 * u * o->chance[u + 2];
    double chance = o->chance[u + 2];
    return (1 - later(o, u + 2)) *
           ((1 - chance) * 2 * o->worth[u + 2] + o->hidden - chance * o->worth[u + 2]);
}

/* `column_score`'s end for a column of three face-up cards, the card `x` with `p` and `q`,
 * whose worths add up to `sum`: nothing for three alike, else `sum` faded by the chance
 * that a pair's third card turns up (`fade` when `p` and `q` are the pair). */
static inline __attribute__((always_inline)) double faded(int x, int p, int q, double sum,
                                                         double fade, Odds *o) {
    if (x != p && x != q) return fade * sum;
    if (x == p && x == q) return 0.0;
    return x > 0 ? (1 - later(o, x + 2)) * sum : sum;
}

/* The cards a search puts at each cell in turn: `n` values `xs`, their worths `wx`, and
 * where each value index is among them (`at`; NULL: look). */
typedef struct {
    int n;
    const int *xs;
    const double *wx;
    const int8_t *at;
} Cards;

/* Where the value `v` is among the cards `c` (-1: not there). */
static inline int card_at(const Cards *c, int v) {
    if (c->at) return c->at[v + 2];
    for (int i = 0; i < c->n; i++)
        if (c->xs[i] == v) return i;
    return -1;
}

/* A card's score `s` (plus `feed` if `fed`) into `*slot` where lower than what is there. */
static inline __attribute__((always_inline)) void keep_lower(double *slot, double s, int fed,
                                                            double feed) {
    if (fed) s += feed;
    *slot = s < *slot ? s : *slot;
}

/* `base` plus `column_with` of each card of `c` at the cell `r` (plus `feed` if `fed`),
 * into `out` where lower than what it holds: each card first summed as one that pairs with
 * nothing in the column (a loop the compiler runs two cards at a time), then the few that
 * pair summed again (`faded`, `paired`) over what `out` held before; all in
 * `column_score`'s expressions and order: the same results to the last bit. */
static inline __attribute__((always_inline)) void
lower_with(const Rest *r, const Cards *c, Odds *o, double base, int fed, double feed,
           double *out) {
    int n = c->n;
    const double *wx = c->wx;
    switch (r->kind) {
    case REST_UP: {
        int p = r->p, q = r->q;
        double wp = r->wp, wq = r->wq, wpq = r->wpq;
        /* With a pair above or below (p == q > 0), every other card's sum fades alike. */
        double fade = p == q && p > 0 ? 1 - later(o, p + 2) : 1.0;
        int last = r->row == 2; /* the bottom cell's card is summed last */
        int pairs[2] = {p, q}, at[2] = {card_at(c, p), p == q ? -1 : card_at(c, q)};
        double was[2] = {at[0] >= 0 ? out[at[0]] : 0.0, at[1] >= 0 ? out[at[1]] : 0.0};
        if (last)
            for (int i = 0; i < n; i++) keep_lower(&out[i], base + fade * (wpq + wx[i]), fed, feed);
        else
            for (int i = 0; i < n; i++)
                keep_lower(&out[i], base + fade * (wx[i] + wp + wq), fed, feed);
        for (int j = 0; j < 2; j++) {
            int i = at[j];
            if (i < 0) continue;
            out[i] = was[j];
            double sum = last ? wpq + wx[i] : wx[i] + wp + wq;
            keep_lower(&out[i], base + faded(pairs[j], p, q, sum, fade, o), fed, feed);
        }
        return;
    }
    case REST_DOWN: {
        double hidden2 = 2 * o->hidden;
        for (int i = 0; i < n; i++) {
            int x = c->xs[i];
            double ch = o->chance[x + 2];
            keep_lower(&out[i], base + (wx[i] + hidden2 - 3 * x * pow(ch, 2.0)), fed, feed);
        }
        return;
    }
    case REST_ONE_UP: {
        int u = r->up, iu = card_at(c, u);
        double wu = o->worth[u + 2], hidden = o->hidden;
        double was = iu >= 0 ? out[iu] : 0.0;
        for (int i = 0; i < n; i++) keep_lower(&out[i], base + (wx[i] + wu + hidden), fed, feed);
        if (iu >= 0) {
            out[iu] = was;
            keep_lower(&out[iu], base + paired(u, o), fed, feed);
        }
        return;
    }
    default:
        for (int i = 0; i < n; i++)
            keep_lower(&out[i], base + column_with(r, c->xs[i], o), fed, feed);
    }
}

/* ev.placed_plain of each of the `n` cards `xs` (worths `wx`, places `at`: `Cards`): the
 * lowest expected score of putting it in the grid (no closing), in `best`. Each cell's
 * column is sorted out once for them all, and each card meets the cells in the same order
 * as alone: the same results. */
static inline __attribute__((always_inline)) void
placed_plain_each(const int8_t *grid, Odds *o, const double *cols, const int *xs,
                  const double *wx, const int8_t *at, int n, double *best) {
    Cards cards = {n, xs, wx, at};
    double total = sum4(cols);
    for (int i = 0; i < n; i++) best[i] = INFINITY;
    for (int k = 0; k < CELLS; k++) {
        if (grid[k] == GONE || repeats_above(grid, k)) continue;
        Rest rest;
        rest_of(&rest, grid, k, o);
        lower_with(&rest, &cards, o, total - cols[k % COLUMNS], 0, 0.0, best);
    }
}

/* ev.placed_plain of one card `x`. */
static double placed_plain(const int8_t *grid, Odds *o, int x, const double *cols) {
    double best, worth = o->worth[x + 2];
    placed_plain_each(grid, o, cols, &x, &worth, NULL, 1, &best);
    return best;
}

static int can_be_doubled(double score, const Rules *rules) {
    return rules->multiplier != 1 && !(rules->double_only_positive && score <= 0);
}

/* ev.Outlook: how the others may end the round if the seat to move closes now. */
typedef struct {
    Table *t;
    Odds *o;
    const Rules *rules;
    double fear;
    int nrivals, nxt;
    double drawn[MAX_SEATS], hidden[MAX_SEATS];
    double takes[NVALUES];
    int known[NVALUES];
    int others_known, others; /* `closing_score`'s score of the rest of the grid */
} Outlook;

static void make_outlook(Outlook *out, Table *t, int seat, Odds *o, const Rules *rules,
                         double fear) {
    out->t = t;
    out->o = o;
    out->rules = rules;
    out->fear = fear;
    out->nrivals = t->n - 1;
    out->nxt = (seat + 1) % t->n;
    memset(out->known, 0, sizeof out->known);
    out->others_known = 0;
    for (int i = 0; i < out->nrivals; i++) {
        int rival = (seat + 1 + i) % t->n;
        int8_t *grid = t->cells + CELLS * rival;
        double cols[COLUMNS];
        columns(grid, o, cols);
        double throw_ = t->down[rival] ? sum4(cols) : INFINITY;
        double drawn = 0.0, keeps[NVALUES];
        placed_plain_each(grid, o, cols, o->values, o->vworth, o->at, o->nv, keeps);
        for (int k = 0; k < o->nv; k++)
            drawn += o->probs[k] * (keeps[k] < throw_ ? keeps[k] : throw_);
        out->drawn[i] = drawn;
        int hidden = t->down[rival] - 1;
        out->hidden[i] = hidden > 0 ? hidden : 0;
    }
}

/* `top` is the card left on the discard pile (NVALUES + 2: not known yet). */
static double outlook_expected(Outlook *out, int index, int top) {
    double drawn = out->drawn[index];
    if (index || top > 12) return drawn;
    int i = top + 2;
    if (!out->known[i]) {
        int8_t *grid = out->t->cells + CELLS * out->nxt;
        double cols[COLUMNS];
        columns(grid, out->o, cols);
        out->takes[i] = placed_plain(grid, out->o, top, cols);
        out->known[i] = 1;
    }
    return out->takes[i] < drawn ? out->takes[i] : drawn;
}

static double doubling_chance(Outlook *out, double score, int top) {
    double edge = out->rules->tie_doubles ? score + 0.5 : score - 0.5;
    double safe = 1.0;
    for (int i = 0; i < out->nrivals; i++) {
        double expected = outlook_expected(out, i, top);
        double sd = out->o->sd * sqrt(out->hidden[i]);
        double below;
        if (sd == 0.0)
            below = expected <= edge ? 1.0 : 0.0;
        else
            below = 0.5 * (1.0 + erf((edge - expected) / sd / sqrt(2.0)));
        safe *= 1.0 - below;
    }
    return 1.0 - safe;
}

/* A code no card and no other cell has: a cell holding it completes no line. */
#define UNMATCHED (GONE - 1)

/* Whether the card `x` at cell `k` may complete a line through it: the same card at
 * another cell of its column (or, with the row rule, of its row), as a line it completes
 * needs. */
static int may_complete(const int8_t *grid, int k, int x, int row_clear) {
    for (int r = k % COLUMNS; r < CELLS; r += COLUMNS)
        if (r != k && grid[r] == x) return 1;
    if (row_clear)
        for (int c = k - k % COLUMNS; c < k - k % COLUMNS + COLUMNS; c++)
            if (c != k && grid[c] == x) return 1;
    return 0;
}

/* `known_score` of the seat to move's grid with the card `x` at its one face-down cell
 * `k`. A card that completes no line through `k` clears the same lines as a code that
 * matches nothing there: the score is then the rest's (worked out once an outlook, with
 * UNMATCHED at `k`) plus the card. */
static int closing_score(Outlook *out, int8_t *grid, int k, int x, const Rules *rules) {
    int old = grid[k];
    if (!may_complete(grid, k, x, rules->row_clear)) {
        if (!out->others_known) {
            grid[k] = UNMATCHED;
            out->others = known_score(grid, rules->row_clear) - UNMATCHED;
            out->others_known = 1;
            grid[k] = (int8_t)old;
        }
        return out->others + x;
    }
    grid[k] = (int8_t)x;
    int score = known_score(grid, rules->row_clear);
    grid[k] = (int8_t)old;
    return score;
}

static double outlook_cost(Outlook *out, double score, int top) {
    if (!can_be_doubled(score, out->rules)) return score;
    double chance = doubling_chance(out, score, top);
    return score + out->fear * chance * (out->rules->multiplier - 1) * score;
}

#define UNKNOWN_TOP (NVALUES + 2)

static int min_down(const Table *t) {
    int low = CELLS;
    for (int s = 0; s < t->n; s++)
        if (t->down[s] < low) low = t->down[s];
    return low;
}

/* hard.feeding: what a card put on the discard pile now costs, `feed` times what it would
 * give the next player beyond a blind draw (their grid read by policy.py's heuristic:
 * `summarize`, `draw_worth`, `best_gain`, `fed`). */
typedef struct {
    int active;
    double share, top, worth;
    int nspecial;
    int svalue[NVALUES]; /* the values with a special worth, in the order Python meets them */
    double special[NVALUES];
    int8_t where[NVALUES]; /* each value index's place in `svalue` (-1: none) */
    int known[NVALUES];
    double cost[NVALUES];
} Feed;

static void set_special(Feed *f, int v, double s) {
    int i = f->where[v + 2];
    if (i >= 0) {
        if (s > f->special[i]) f->special[i] = s;
        return;
    }
    f->where[v + 2] = (int8_t)f->nspecial;
    f->svalue[f->nspecial] = v;
    f->special[f->nspecial++] = s;
}

static void make_feed(Feed *f, const Table *t, const Odds *o, const Policy *pol) {
    f->active = 0;
    if (pol->feed <= 0.0) return;
    int nxt = t->current + 1 == t->n ? 0 : t->current + 1;
    if (nxt == t->closer) return;
    double fade = 0.0;
    if (t->phase == TURN) {
        int soon = min_down(t);
        fade = soon >= pol->fade_at ? 1.0 : soon / pol->fade_at;
    }
    /* policy.Belief.pairs: a pair of v is worth v * fade (0 for v <= 0) times the style's
     * weight; wh for a face-down third card, wu for a face-up one. */
    double wh[NVALUES], wu[NVALUES];
    for (int i = 0; i < NVALUES; i++) {
        int v = i - 2;
        double worth = v > 0 ? v * fade : 0.0;
        wh[i] = pol->pair_hidden * worth;
        wu[i] = pol->pair_up * worth;
    }
    const int8_t *g = t->cells + CELLS * nxt;
    static const int rows[3][3] = {{0, 4, 8}, {4, 0, 8}, {8, 0, 4}};
    double top = -INFINITY;
    f->nspecial = 0;
    memset(f->where, -1, sizeof f->where);
    for (int col = 0; col < COLUMNS; col++)
        for (int r = 0; r < 3; r++) {
            int cell = g[col + rows[r][0]], a = g[col + rows[r][1]], b = g[col + rows[r][2]];
            if (cell == GONE) continue;
            double old;
            if (face_up(cell)) {
                old = cell;
                if (cell == a)
                    old -= b > GONE ? wh[cell + 2] : b < GONE ? wu[cell + 2] : 0.0;
                else if (cell == b)
                    old -= a > GONE ? wh[cell + 2] : a < GONE ? wu[cell + 2] : 0.0;
            } else
                old = o->mean;
            if (old > top) top = old;
            if (face_up(a)) {
                double sa = a == b ? old + 3 * a
                                   : old + (b > GONE ? wh[a + 2] : b < GONE ? wu[a + 2] : 0.0);
                set_special(f, a, sa);
            }
            if (face_up(b) && b != a)
                set_special(f, b, old + (a > GONE ? wh[b + 2] : a < GONE ? wu[b + 2] : 0.0));
        }
    if (top == -INFINITY) return;
    double worth;
    if (!t->down[nxt]) {
        worth = top - o->mean;
        for (int i = 0; i < f->nspecial; i++)
            if (f->special[i] > top) worth += o->chance[f->svalue[i] + 2] * (f->special[i] - top);
    } else {
        /* policy.Belief.shortfall(top): the expected amount a card falls below `top` */
        double level = top, below = 0.0, weighted = 0.0, shortfall;
        int j = (int)floor(level);
        if (j < -2)
            shortfall = 0.0;
        else if (j > 12)
            shortfall = level - o->mean;
        else {
            for (int i = 0; i <= j + 2; i++) {
                below += o->chance[i];
                weighted += (i - 2) * o->chance[i];
            }
            shortfall = level * below - weighted;
        }
        worth = 0.0 + shortfall;
        for (int i = 0; i < f->nspecial; i++) {
            double sp = f->special[i];
            int v = f->svalue[i];
            double p = o->chance[v + 2];
            if (sp > top && p) {
                double better = sp - v, plain = top - v;
                worth += p * ((better > 0.0 ? better : 0.0) - (plain > 0.0 ? plain : 0.0));
            }
        }
    }
    f->active = 1;
    f->share = pol->feed;
    f->top = top;
    f->worth = worth;
    memset(f->known, 0, sizeof f->known);
}

static double feed_cost(Feed *f, int x) {
    if (!f || !f->active) return 0.0;
    if (!f->known[x + 2]) {
        int i = f->where[x + 2];
        double s = i >= 0 ? f->special[i] : -INFINITY;
        double gain = (s > f->top ? s : f->top) - x - f->worth;
        f->cost[x + 2] = f->share * (gain > 0.0 ? gain : 0.0);
        f->known[x + 2] = 1;
    }
    return f->cost[x + 2];
}

/* ev.placed of each of the `n` cards `xs` (worths `wx`, places `at`: `Cards`): the lowest
 * expected score of putting it in the seat to move's grid, plus the feeding cost of a
 * face-up card it replaces, in `best`, and its cell in `cells` (unless NULL). Each cell
 * is sorted out once for them all, and each card meets the cells in the same order as
 * alone: the same results. */
static inline __attribute__((always_inline)) void
placed_each(Table *t, Odds *o, const double *cols, Outlook *out, Feed *fd, const Rules *rules,
            const int *xs, const double *wx, const int8_t *at, int n, double *best,
            int *cells) {
    Cards cards = {n, xs, wx, at};
    int8_t *grid = t->cells + CELLS * t->current;
    double total = sum4(cols);
    for (int i = 0; i < n; i++) {
        best[i] = INFINITY;
        if (cells) cells[i] = -1;
    }
    for (int k = 0; k < CELLS; k++) {
        int old = grid[k];
        if (old == GONE || repeats_above(grid, k)) continue;
        if (out && face_down(old)) {
            /* The card it uncovers goes on the discard pile, its value not known when the
             * move is weighed: the sums, thinking on a view's table, read the placeholder
             * there (worlds.PLACEHOLDER), and so does this twin, never the world's card. */
            for (int i = 0; i < n; i++) {
                int closed = closing_score(out, grid, k, xs[i], rules);
                double score = outlook_cost(out, closed, PLACEHOLDER);
                if (score < best[i]) {
                    best[i] = score;
                    if (cells) cells[i] = k;
                }
            }
            continue;
        }
        Rest rest;
        rest_of(&rest, grid, k, o);
        int fed = face_up(old);
        double feed = fed ? feed_cost(fd, old) : 0.0;
        double was[NVALUES];
        if (cells) memcpy(was, best, n * sizeof *best);
        lower_with(&rest, &cards, o, total - cols[k % COLUMNS], fed, feed, best);
        if (cells)
            for (int i = 0; i < n; i++)
                if (best[i] != was[i]) cells[i] = k;
    }
}

/* ev.placed: the lowest (expected score, cell) of putting `x` in the seat to move's grid,
 * plus the feeding cost of a face-up card it replaces. */
static double placed(Table *t, Odds *o, int x, const double *cols, Outlook *out, Feed *fd,
                     const Rules *rules, int *cell) {
    double best, worth = o->worth[x + 2];
    placed_each(t, o, cols, out, fd, rules, &x, &worth, NULL, 1, &best, cell);
    return best;
}

/* ev.flipped with an outlook: throwing `x` away and turning up the last face-down card. */
static double flipped_closing(Table *t, Odds *o, int x, Outlook *out, const Rules *rules) {
    int8_t *grid = t->cells + CELLS * t->current;
    int k = 0;
    while (!face_down(grid[k])) k++;
    double expected = 0.0;
    for (int i = 0; i < o->nv; i++) {
        int closed = closing_score(out, grid, k, o->values[i], rules);
        expected += o->probs[i] * outlook_cost(out, closed, x);
    }
    return expected;
}

/* ev.flip_cell: the face-down card likeliest to complete a column, else the first. */
static int flip_cell(Table *t, Odds *o) {
    int8_t *grid = t->cells + CELLS * t->current;
    double best = -1.0;
    int choice = -1;
    for (int k = 0; k < CELLS; k++) {
        if (!face_down(grid[k])) continue;
        int col = k % COLUMNS, up[2], m = 0;
        for (int r = col; r < CELLS; r += COLUMNS)
            if (r != k) up[m++] = grid[r];
        double chance = 0.0;
        if (up[0] == up[1] && face_up(up[0])) chance = o->chance[up[0] + 2] * (up[0] > 0 ? up[0] : 0);
        if (chance > best) {
            best = chance;
            choice = k;
        }
    }
    return choice;
}


/* What a face-down card turned up now should be: the mean of the cards never shown yet
 * (none held, none in a reshuffled draw pile). */
static double unshown_mean(const Table *t) {
    int count = 0, sum = 0;
    for (int i = 0; i < NVALUES; i++) {
        int left = COUNTS[i] - t->seen[i] - t->pile[i];
        if (left > 0) {
            count += left;
            sum += left * (i - 2);
        }
    }
    return count ? (double)sum / count : 0.0;
}

/* What the card drawn now should be: from a reshuffled pile, the mean of what is left of
 * it; else that of the cards never shown (the draw pile is among them). */
static double draw_mean(const Table *t) {
    if (!t->npile) return unshown_mean(t);
    int sum = 0;
    for (int i = 0; i < NVALUES; i++) sum += t->pile[i] * (i - 2);
    return (double)sum / t->npile;
}

/* playout.seat_odds: the seat to move's odds, from what it can see. */
static void seat_odds(const Table *t, Odds *o, const Policy *pol) {
    int counts[NVALUES];
    for (int i = 0; i < NVALUES; i++) counts[i] = COUNTS[i] - t->seen[i];
    if (t->source != EMPTY && t->source != FLIP_OWED) counts[t->held + 2] -= 1;
    double offers = 0.0;
    if (t->phase == TURN) {
        int ahead = min_down(t) - 1;
        offers = pol->offers_per_card * (ahead > 0 ? ahead : 0);
    }
    make_odds(o, counts, offers, pol);
}

/* ev.decide with a flip bonus (feeding the next player not counted). */
static int decide(Table *t, Odds *o, double flip_bonus, const Rules *rules,
                  const Policy *pol) {
    int seat = t->current;
    if (t->source == FLIP_OWED) return FLIP + flip_cell(t, o);
    double cols[COLUMNS];
    columns(t->cells + CELLS * seat, o, cols);
    Outlook outlook, *out = NULL;
    if (t->phase == TURN && t->down[seat] == 1 && t->turns < pol->patience) {
        make_outlook(&outlook, t, seat, o, rules, pol->fear);
        out = &outlook;
    }
    Feed feed;
    make_feed(&feed, t, o, pol);
    int cell;
    if (t->source != EMPTY) {
        double score = placed(t, o, t->held, cols, out, &feed, rules, &cell);
        if (t->source == FROM_DRAW && t->down[seat]) {
            double thrown = out ? flipped_closing(t, o, t->held, out, rules)
                                : sum4(cols) - flip_bonus + feed_cost(&feed, t->held);
            if (thrown < score) return DISCARD;
        }
        return SWAP + cell;
    }
    if (!t->ndiscard) return DRAW;
    if (!t->ndraw && t->ndiscard < 2) return TAKE;
    double take = placed(t, o, t->discard[t->ndiscard - 1], cols, out, &feed, rules, &cell);
    double throw_ = INFINITY;
    if (t->down[seat])
        throw_ = out ? flipped_closing(t, o, UNKNOWN_TOP, out, rules) : sum4(cols) - flip_bonus;
    if (!out && throw_ < INFINITY) {
        /* A draw is worth at most throwing it away (plus the dearest card's feeding cost):
         * a discard no better than that is left, with no need of the full sums. */
        double dearest = 0.0;
        for (int i = 0; i < o->nv; i++) {
            double cost = feed_cost(&feed, o->values[i]);
            if (cost > dearest) dearest = cost;
        }
        if (take >= throw_ + dearest + 1e-9) return DRAW;
    }
    double draw = 0.0, keeps[NVALUES];
    placed_each(t, o, cols, out, &feed, rules, o->values, o->vworth, o->at, o->nv, keeps, NULL);
    for (int i = 0; i < o->nv; i++) {
        double keep = keeps[i];
        double away = out ? throw_ : throw_ + feed_cost(&feed, o->values[i]);
        draw += o->probs[i] * (keep < away ? keep : away);
    }
    return take < draw ? TAKE : DRAW;
}

/* playout.policy_code: the move the seat to move plays in a rollout. */
static int policy_code(Table *t, const Rules *rules, const Policy *pol) {
    int seat = t->current;
    if (t->source == EMPTY && !t->ndiscard) return DRAW;
    if (t->source == EMPTY && !t->ndraw && t->ndiscard < 2) return TAKE;
    Odds o;
    seat_odds(t, &o, pol);
    if (pol->take_gain > 0 && t->source == EMPTY && t->phase == TURN && t->down[seat] > 1) {
        double cols[COLUMNS];
        int cell;
        columns(t->cells + CELLS * seat, &o, cols);
        double take = placed(t, &o, t->discard[t->ndiscard - 1], cols, NULL, NULL, rules, &cell);
        return sum4(cols) - take >= pol->take_gain ? TAKE : DRAW;
    }
    double youth = 0.0;
    if (t->phase == TURN) {
        int soon = pol->own_fade ? t->down[seat] : min_down(t);
        youth = soon >= pol->fade_at ? 1.0 : soon / pol->fade_at;
    }
    return decide(t, &o, pol->flip_bonus * youth, rules, pol);
}

/* ---- engine/play.py's steps ---- */

static void finish_round(Table *t, const Rules *rules, int *raw) {
    double mean = unshown_mean(t);
    for (int s = 0; s < t->n; s++) {
        int8_t *grid = t->cells + CELLS * s;
        for (int k = 0; k < CELLS; k++)
            if (face_down(grid[k])) {
                grid[k] -= DOWN;
                t->luck[s][REVEALED] += grid[k] - mean;
            }
        t->down[s] = 0;
        raw[s] = clear_grid(grid, rules->row_clear);
    }
    int closer = t->closer;
    int doubled = 0;
    if (closer != NOBODY && rules->multiplier != 1 && can_be_doubled(raw[closer], rules)) {
        for (int s = 0; s < t->n; s++) {
            if (s == closer) continue;
            if (raw[s] < raw[closer] || (rules->tie_doubles && raw[s] == raw[closer])) doubled = 1;
        }
    }
    for (int s = 0; s < t->n; s++) {
        int score = raw[s];
        if (doubled && s == closer) score *= rules->multiplier;
        raw[s] = score;
        t->totals[s] += score;
    }
    t->source = EMPTY;
    t->phase = ROUND_OVER;
    for (int s = 0; s < t->n; s++)
        if (t->totals[s] >= rules->target) t->phase = GAME_OVER;
}

static void end_turn(Table *t, int seat, const Rules *rules, int *raw) {
    t->turns++;
    if (t->phase == TURN && !t->down[seat]) {
        t->closer = seat;
        t->phase = FINAL;
    }
    if (t->turns >= rules->turn_limit) {
        t->closer = NOBODY;
        finish_round(t, rules, raw);
        return;
    }
    int following = seat + 1 == t->n ? 0 : seat + 1;
    if (following == t->closer)
        finish_round(t, rules, raw);
    else
        t->current = following;
}

/* engine/play.py's clear_line: the column (and, with the row rule, the row) through the
 * card just placed, both when it completes both. */
static void clear_line(Table *t, int seat, int cell, const Rules *rules) {
    int8_t *grid = t->cells + CELLS * seat;
    int value = grid[cell];
    if (!face_up(value)) return;
    int top = cell % COLUMNS, start = cell - cell % COLUMNS;
    int column = value == grid[top] && value == grid[top + 4] && value == grid[top + 8];
    int row = rules->row_clear && value == grid[start] && value == grid[start + 1] &&
              value == grid[start + 2] && value == grid[start + 3];
    if (column) {
        grid[top] = grid[top + 4] = grid[top + 8] = GONE;
        for (int i = 0; i < 3; i++) t->discard[t->ndiscard++] = (int8_t)value;
    }
    if (row)
        for (int i = start; i < start + 4; i++) {
            if (grid[i] != GONE) t->discard[t->ndiscard++] = (int8_t)value; /* not the crossing */
            grid[i] = GONE;
        }
}

/* Deal the draw pile into the seats' streams, its top card to the seat to move, the next
 * to the next seat, and so on (laid from the bottom card up, so each stream's top is last). */
static void deal_streams(Table *t) {
    memset(t->nstream, 0, sizeof t->nstream);
    for (int i = 0; i < t->ndraw; i++) {
        int seat = (t->current + t->ndraw - 1 - i) % t->n;
        t->stream[seat][t->nstream[seat]++] = t->draw[i];
    }
}

/* The next card the seat to move draws: from its own stream while it lasts, then from the
 * next seat's that has one; from the shared pile without streams. */
static int8_t next_draw(Table *t) {
    t->ndraw--;
    if (!t->streams) return t->draw[t->ndraw];
    for (int k = 0; k < t->n; k++) {
        int s = (t->current + k) % t->n;
        if (t->nstream[s]) return t->stream[s][--t->nstream[s]];
    }
    return 0; /* not reached: ndraw counts the streams' cards */
}

static void reshuffle(Table *t, Rng *rng) {
    int8_t top = t->discard[--t->ndiscard];
    for (int i = 0; i < t->ndiscard; i++) {
        t->draw[i] = t->discard[i];
        t->seen[t->discard[i] + 2]--; /* unseen again to the policy, as in playout.py */
        t->pile[t->discard[i] + 2]++;
    }
    t->ndraw = t->npile = t->ndiscard;
    shuffle(t->draw, t->ndraw, rng);
    t->discard[0] = top;
    t->ndiscard = 1;
    if (t->streams) deal_streams(t);
}

/* engine.play.step for the round's turns; `raw` gets the round's scores when it ends. */
static void step(Table *t, int code, const Rules *rules, Rng *rng, int *raw) {
    int seat = t->current;
    int8_t *grid = t->cells + CELLS * seat;
    if (code < FLIP) {
        int k = code - SWAP, old = grid[k];
        grid[k] = (int8_t)t->held;
        t->seen[t->held + 2]++;
        t->source = EMPTY;
        if (face_down(old)) {
            old -= DOWN;
            t->down[seat]--;
            t->luck[seat][UNCOVERED] += old - unshown_mean(t);
            t->seen[old + 2]++;
        }
        t->discard[t->ndiscard++] = (int8_t)old;
        clear_line(t, seat, k, rules);
        end_turn(t, seat, rules, raw);
    } else if (code < TAKE) {
        int k = code - FLIP;
        grid[k] -= DOWN;
        t->down[seat]--;
        t->luck[seat][FLIPPED] += grid[k] - unshown_mean(t);
        t->seen[grid[k] + 2]++;
        t->source = EMPTY;
        clear_line(t, seat, k, rules);
        end_turn(t, seat, rules, raw);
    } else if (code == TAKE) {
        t->held = t->discard[--t->ndiscard];
        t->seen[t->held + 2]--; /* held now: `seat_odds` takes it out for its holder */
        t->source = FROM_DISCARD;
    } else if (code == DRAW) {
        if (!t->ndraw) reshuffle(t, rng);
        t->held = next_draw(t);
        t->luck[seat][DRAWN] += t->held - draw_mean(t);
        if (t->npile) {
            t->pile[t->held + 2]--;
            t->npile--;
        }
        t->source = FROM_DRAW;
    } else if (code == DISCARD) {
        t->discard[t->ndiscard++] = (int8_t)t->held;
        t->seen[t->held + 2]++;
        t->source = FLIP_OWED;
    }
}

/* Whether the seat to move has no legal step (no draw pile and no discard pile). */
static int stuck(const Table *t) { return t->source == EMPTY && !t->ndraw && !t->ndiscard; }

/* Play the round out, seat `me` by policy `mine`, the others by `others`; `raw` gets its
 * final scores. Returns the steps played. With `limit` turns played in the round and
 * nobody closing, it stops between two turns (the round goes on: `t->phase` stays TURN). */
static int play_round(Table *t, const Rules *rules, const Policy *mine, const Policy *others,
                      int me, Rng *rng, int *raw, int limit) {
    int i = 0;
    for (; i < MAX_STEPS; i++) {
        if (t->phase != TURN && t->phase != FINAL) return i;
        if (t->phase == TURN && t->source == EMPTY && t->turns >= limit) return i;
        if (stuck(t)) break;
        step(t, policy_code(t, rules, t->current == me ? mine : others), rules, rng, raw);
    }
    if (t->phase == TURN || t->phase == FINAL) {
        t->closer = NOBODY;
        finish_round(t, rules, raw);
    }
    return i;
}

/* Each seat's expected round score on a round stopped at a search's horizon, between two
 * turns: `ev`'s sums of its grid, every face-down card read as any card not yet shown (the
 * odds of the seat to move, `seat_odds`: nobody holds a card). */
static void expected_scores(Table *t, const Policy *pol, double *scores) {
    Odds o;
    seat_odds(t, &o, pol);
    for (int s = 0; s < t->n; s++) {
        double cols[COLUMNS];
        columns(t->cells + CELLS * s, &o, cols);
        scores[s] = sum4(cols);
    }
}

/* The seen counts of a table (face-up cards and the discard pile). */
static void count_seen(Table *t) {
    memset(t->seen, 0, sizeof t->seen);
    for (int k = 0; k < CELLS * t->n; k++)
        if (face_up(t->cells[k])) t->seen[t->cells[k] + 2]++;
    for (int i = 0; i < t->ndiscard; i++) t->seen[t->discard[i] + 2]++;
}

/* The next value for a hidden place: the pool's next card, else one drawn with the full
 * deck's proportions. */
static int8_t next_hidden(const int8_t *pool, int size, int *used, Rng *rng) {
    if (*used < size) return pool[(*used)++];
    int pick = rng_below(rng, DECK), i = 0;
    while (pick >= COUNTS[i]) pick -= COUNTS[i++];
    return (int8_t)(i - 2);
}

/* Fill a world's hidden places (face-down cards seat by seat, then the draw pile from its
 * top) with the unseen cards `counts` shuffled; the full deck's proportions make up any
 * shortfall (a hand-made position), as `knowledge.Unseen.sample` does. */
static void fill_world(Table *t, const int *counts, Rng *rng) {
    int8_t pool[DECK];
    int size = 0, used = 0;
    for (int i = 0; i < NVALUES; i++)
        for (int c = 0; c < counts[i]; c++) pool[size++] = (int8_t)(i - 2);
    shuffle(pool, size, rng);
    for (int k = 0; k < CELLS * t->n; k++)
        if (face_down(t->cells[k])) t->cells[k] = (int8_t)(next_hidden(pool, size, &used, rng) + DOWN);
    for (int i = 0; i < t->ndraw; i++) t->draw[t->ndraw - 1 - i] = next_hidden(pool, size, &used, rng);
}

/* ---- Python bindings ---- */

static int int_list(PyObject *seq, int8_t *out, int most, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(fast);
    if (size > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: too many items", what);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < INT8_MIN || v > INT8_MAX) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
            return -1;
        }
        out[i] = (int8_t)v;
    }
    Py_DECREF(fast);
    return (int)size;
}

static int is_card(int v) { return v >= -2 && v <= 12; }

/* What is wrong with a table read from Python (NULL: nothing): every code and card in
 * range, a round's turns under way, no more cards than a deck. */
static const char *table_problem(const Table *t) {
    int cards = t->ndraw + t->ndiscard;
    for (int k = 0; k < CELLS * t->n; k++) {
        int code = t->cells[k];
        if (!(is_card(code) || code == GONE || is_card(code - DOWN))) return "a cell code out of range";
        cards += code != GONE;
    }
    for (int i = 0; i < t->ndiscard; i++)
        if (!is_card(t->discard[i])) return "a discarded card out of range";
    for (int i = 0; i < t->ndraw; i++) /* (a pile given as a count reads as 0s) */
        if (!is_card(t->draw[i])) return "a card of the draw pile out of range";
    if (t->phase != TURN && t->phase != FINAL) return "not a turn of the round";
    if (t->current < 0 || t->current >= t->n) return "no seat to move";
    if (t->closer < NOBODY || t->closer >= t->n) return "no such closer";
    if (t->source < EMPTY || t->source > FLIP_OWED) return "no such source of a held card";
    if ((t->source == FROM_DRAW || t->source == FROM_DISCARD) && !is_card(t->held))
        return "a held card out of range";
    if (t->turns < 0) return "a negative turn count";
    if (cards + (t->source == FROM_DRAW || t->source == FROM_DISCARD) > DECK)
        return "more cards than a deck";
    return NULL;
}

/* state: (n, phase, current, closer, source, held, turns, totals, cells, draw, discard),
 * `draw` a list of cards (top last) or a count of hidden ones. */
static int load_table(PyObject *state, Table *t) {
    PyObject *totals, *cells, *draw, *discard;
    memset(t, 0, sizeof *t);
    if (!PyArg_ParseTuple(state, "iiiiiiiOOOO", &t->n, &t->phase, &t->current, &t->closer,
                          &t->source, &t->held, &t->turns, &totals, &cells, &draw, &discard))
        return -1;
    if (t->n < 2 || t->n > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "2 to 12 seats");
        return -1;
    }
    PyObject *fast = PySequence_Fast(totals, "totals");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != t->n) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "one total a seat");
        return -1;
    }
    for (int s = 0; s < t->n; s++)
        t->totals[s] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, s));
    Py_DECREF(fast);
    if (PyErr_Occurred()) return -1;
    if (int_list(cells, t->cells, CELLS * t->n, "cells") != CELLS * t->n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "12 cells a seat");
        return -1;
    }
    for (int s = 0; s < t->n; s++)
        for (int k = 0; k < CELLS; k++) t->down[s] += face_down(t->cells[CELLS * s + k]);
    if (PyLong_Check(draw)) {
        t->ndraw = (int)PyLong_AsLong(draw);
        if (t->ndraw < 0 || t->ndraw > DECK) {
            PyErr_SetString(PyExc_ValueError, "draw count out of range");
            return -1;
        }
    } else if ((t->ndraw = int_list(draw, t->draw, DECK, "draw")) < 0)
        return -1;
    if ((t->ndiscard = int_list(discard, t->discard, DECK, "discard")) < 0) return -1;
    const char *wrong = table_problem(t);
    if (wrong) {
        PyErr_SetString(PyExc_ValueError, wrong);
        return -1;
    }
    count_seen(t);
    return 0;
}

static int load_rules(PyObject *tuple, Rules *r) {
    return PyArg_ParseTuple(tuple, "iiiiii", &r->multiplier, &r->tie_doubles,
                            &r->double_only_positive, &r->row_clear, &r->turn_limit, &r->target)
               ? 0
               : -1;
}

static int load_policy(PyObject *tuple, Policy *p) {
    return PyArg_ParseTuple(tuple, "ddiddddddiddd", &p->flip_bonus, &p->fade_at, &p->own_fade,
                            &p->take_gain,
                            &p->offers_per_card, &p->replace_level, &p->replace_chance,
                            &p->replace_sure_at, &p->fear, &p->patience, &p->feed,
                            &p->pair_hidden, &p->pair_up)
               ? 0
               : -1;
}

static PyObject *py_policy(PyObject *self, PyObject *args) {
    PyObject *state, *rules_t, *policy_t;
    Table t;
    Rules rules;
    Policy pol;
    if (!PyArg_ParseTuple(args, "OOO", &state, &rules_t, &policy_t)) return NULL;
    if (load_table(state, &t) < 0 || load_rules(rules_t, &rules) < 0 ||
        load_policy(policy_t, &pol) < 0)
        return NULL;
    return PyLong_FromLong(policy_code(&t, &rules, &pol));
}

/* play_out(state, rules, policy, seed) -> (totals, closer, turns, cells): the table (its
 * draw pile given in full) played to the end of its round by the policy (for tests: the
 * same as `playout.play_round` until a reshuffle, which draws on `seed`). */
static PyObject *py_play_out(PyObject *self, PyObject *args) {
    PyObject *state, *rules_t, *policy_t;
    unsigned long long seed;
    Table t;
    Rules rules;
    Policy pol;
    if (!PyArg_ParseTuple(args, "OOOK", &state, &rules_t, &policy_t, &seed)) return NULL;
    if (load_table(state, &t) < 0 || load_rules(rules_t, &rules) < 0 ||
        load_policy(policy_t, &pol) < 0)
        return NULL;
    Rng rng;
    rng_seed(&rng, seed);
    int raw[MAX_SEATS] = {0};
    play_round(&t, &rules, &pol, &pol, NOBODY, &rng, raw, INT_MAX);
    PyObject *totals = PyList_New(t.n), *cells = PyList_New(CELLS * t.n);
    if (!totals || !cells) {
        Py_XDECREF(totals);
        Py_XDECREF(cells);
        return NULL;
    }
    for (int s = 0; s < t.n; s++) PyList_SET_ITEM(totals, s, PyLong_FromLong(t.totals[s]));
    for (int k = 0; k < CELLS * t.n; k++) PyList_SET_ITEM(cells, k, PyLong_FromLong(t.cells[k]));
    return Py_BuildValue("NiiN", totals, t.closer, t.turns, cells);
}

/* search(state, rules, mine, others, unseen, codes, worlds, first, seed, streams[, horizon])
 * -> (bytes of doubles, the steps the rollouts played: their work). The searching seat
 * plays by the policy `mine`, the others by `others` (with `streams`, each seat drawing
 * from a stream of its own, `deal_streams`); with a `horizon`, a rollout still going after
 * that many turns (nobody closing) stops there, every grid scored by `ev`'s sums
 * (`expected_scores`). The doubles come code by code, world by world (`OUTCOME` each): for
 * world i (first, first + 1, ...) and each code, the searching seat's round score, the
 * others' mean round score, its share of the win if the round ended the game (else -1),
 * then the luck of the seat and the others' mean luck (Table.luck). World i is
 * the same sample, and its rollouts share their randomness, for every code and whatever
 * `first` a call starts at. */
static PyObject *py_search(PyObject *self, PyObject *args) {
    PyObject *state, *rules_t, *mine_t, *policy_t, *unseen_t, *codes_t;
    int worlds, first, streams, horizon = 0;
    unsigned long long seed;
    Table base;
    Rules rules;
    Policy mine, pol;
    if (!PyArg_ParseTuple(args, "OOOOOOiiKp|i", &state, &rules_t, &mine_t, &policy_t, &unseen_t,
                          &codes_t, &worlds, &first, &seed, &streams, &horizon))
        return NULL;
    if (load_table(state, &base) < 0 || load_rules(rules_t, &rules) < 0 ||
        load_policy(mine_t, &mine) < 0 || load_policy(policy_t, &pol) < 0)
        return NULL;
    int8_t unseen8[NVALUES], codes8[CELLS + 4];
    if (int_list(unseen_t, unseen8, NVALUES, "unseen") != NVALUES) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "15 unseen counts");
        return NULL;
    }
    int ncodes = int_list(codes_t, codes8, CELLS + 4, "codes");
    if (ncodes < 0) return NULL;
    if (worlds < 0 || ncodes == 0 || base.current < 0 || base.current >= base.n) {
        PyErr_SetString(PyExc_ValueError, "nothing to search");
        return NULL;
    }
    int counts[NVALUES];
    for (int i = 0; i < NVALUES; i++) {
        if (unseen8[i] < 0 || unseen8[i] > COUNTS[i]) {
            PyErr_SetString(PyExc_ValueError, "an unseen count beyond the deck's");
            return NULL;
        }
        counts[i] = unseen8[i];
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)worlds * ncodes * OUTCOME * sizeof(double));
    if (!out) return NULL;
    double *values = (double *)PyBytes_AS_STRING(out);
    int me = base.current, n = base.n;
    int limit = horizon > 0 ? base.turns + horizon : INT_MAX;
    long long steps = 0;
    Py_BEGIN_ALLOW_THREADS
    for (int w = 0; w < worlds; w++) {
        Table world = base;
        Rng rng;
        rng_seed(&rng, seed ^ (0xA24BAED4963EE407ULL * (uint64_t)(first + w + 1)));
        fill_world(&world, counts, &rng);
        if (streams) {
            world.streams = 1;
            deal_streams(&world);
        }
        Rng after = rng;
        for (int c = 0; c < ncodes; c++) {
            Table t = world;
            Rng r = after;
            int raw[MAX_SEATS] = {0};
            step(&t, codes8[c], &rules, &r, raw);
            steps += 1 + play_round(&t, &rules, &mine, &pol, me, &r, raw, limit);
            double scores[MAX_SEATS];
            if (t.phase == TURN)
                expected_scores(&t, &mine, scores); /* stopped at the horizon */
            else
                for (int s = 0; s < n; s++) scores[s] = raw[s];
            double others = 0.0;
            for (int s = 0; s < n; s++)
                if (s != me) others += scores[s];
            double share = -1.0;
            if (t.phase == GAME_OVER) {
                int low = t.totals[0], tied = 0;
                for (int s = 1; s < n; s++)
                    if (t.totals[s] < low) low = t.totals[s];
                for (int s = 0; s < n; s++) tied += t.totals[s] == low;
                share = t.totals[me] == low ? 1.0 / tied : 0.0;
            }
            double *v = values + OUTCOME * ((size_t)c * worlds + w);
            v[0] = scores[me];
            v[1] = others / (n - 1);
            v[2] = share;
            for (int kind = 0; kind < LUCKS; kind++) {
                double rest = 0.0;
                for (int s = 0; s < n; s++)
                    if (s != me) rest += t.luck[s][kind];
                v[3 + kind] = t.luck[me][kind];
                v[3 + LUCKS + kind] = rest / (n - 1);
            }
        }
    }
    Py_END_ALLOW_THREADS
    return Py_BuildValue("NL", out, steps);
}

/* Solve the `size` x `size` system a x = b in place (Gaussian elimination with partial
 * pivoting; a pivot near 0 leaves its unknown at 0). */
static void solve(double *a, double *b, double *x, int size) {
    for (int col = 0; col < size; col++) {
        int pivot = col;
        for (int r = col + 1; r < size; r++)
            if (fabs(a[r * size + col]) > fabs(a[pivot * size + col])) pivot = r;
        if (pivot != col) {
            for (int c = 0; c < size; c++) {
                double tmp = a[col * size + c];
                a[col * size + c] = a[pivot * size + c];
                a[pivot * size + c] = tmp;
            }
            double tmp = b[col];
            b[col] = b[pivot];
            b[pivot] = tmp;
        }
        double p = a[col * size + col];
        if (fabs(p) < 1e-9) continue;
        for (int r = col + 1; r < size; r++) {
            double f = a[r * size + col] / p;
            for (int c = col; c < size; c++) a[r * size + c] -= f * a[col * size + c];
            b[r] -= f * b[col];
        }
    }
    for (int col = size - 1; col >= 0; col--) {
        double p = a[col * size + col], sum = b[col];
        for (int c = col + 1; c < size; c++) sum -= a[col * size + c] * x[c];
        x[col] = fabs(p) < 1e-9 ? 0.0 : sum / p;
    }
}

#define LUCK_TERMS (2 * LUCKS)

/* adjusted(outcomes, codes, worlds, game_points) -> bytes of doubles: each rollout's worth
 * (the others' mean round score minus the seat's, plus `game_points` times its share of a
 * game the round ended), less the part of it the luck explains (`search`'s outcomes; one
 * least-squares fit over every code, each code's own means taken out). The luck has an
 * expectation of 0, so the means stay unbiased and their noise shrinks. */
static PyObject *py_adjusted(PyObject *self, PyObject *args) {
    Py_buffer buf;
    int ncodes, worlds;
    double game_points;
    if (!PyArg_ParseTuple(args, "y*iid", &buf, &ncodes, &worlds, &game_points)) return NULL;
    if (ncodes <= 0 || worlds <= 0 ||
        buf.len != (Py_ssize_t)ncodes * worlds * OUTCOME * (Py_ssize_t)sizeof(double)) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_ValueError, "outcomes do not match codes and worlds");
        return NULL;
    }
    const double *raw = buf.buf;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)ncodes * worlds * sizeof(double));
    if (!out) {
        PyBuffer_Release(&buf);
        return NULL;
    }
    double *value = (double *)PyBytes_AS_STRING(out); /* value[c * worlds + w] */
    double xx[LUCK_TERMS * LUCK_TERMS] = {0}, xy[LUCK_TERMS] = {0}, beta[LUCK_TERMS] = {0};
    for (int c = 0; c < ncodes; c++) {
        double ymean = 0.0, xmean[LUCK_TERMS] = {0};
        for (int w = 0; w < worlds; w++) {
            const double *v = raw + OUTCOME * ((size_t)c * worlds + w);
            double y = v[1] - v[0] + (v[2] >= 0.0 ? game_points * v[2] : 0.0);
            value[(size_t)c * worlds + w] = y;
            ymean += y;
            for (int i = 0; i < LUCK_TERMS; i++) xmean[i] += v[3 + i];
        }
        ymean /= worlds;
        for (int i = 0; i < LUCK_TERMS; i++) xmean[i] /= worlds;
        for (int w = 0; w < worlds; w++) {
            const double *v = raw + OUTCOME * ((size_t)c * worlds + w);
            double y = value[(size_t)c * worlds + w] - ymean, x[LUCK_TERMS];
            for (int i = 0; i < LUCK_TERMS; i++) x[i] = v[3 + i] - xmean[i];
            for (int i = 0; i < LUCK_TERMS; i++) {
                xy[i] += x[i] * y;
                for (int j = 0; j < LUCK_TERMS; j++) xx[i * LUCK_TERMS + j] += x[i] * x[j];
            }
        }
    }
    if (worlds > 2 * LUCK_TERMS) solve(xx, xy, beta, LUCK_TERMS);
    for (int c = 0; c < ncodes; c++)
        for (int w = 0; w < worlds; w++) {
            const double *v = raw + OUTCOME * ((size_t)c * worlds + w);
            double fit = 0.0;
            for (int i = 0; i < LUCK_TERMS; i++) fit += beta[i] * v[3 + i];
            value[(size_t)c * worlds + w] -= fit;
        }
    PyBuffer_Release(&buf);
    return out;
}

static PyMethodDef methods[] = {
    {"adjusted", py_adjusted, METH_VARARGS, "Rollouts' worths with their luck taken out."},
    {"play_out", py_play_out, METH_VARARGS, "A given table played to its round's end (tests)."},
    {"policy", py_policy, METH_VARARGS, "The playout policy's move code on a table (for tests)."},
    {"search", py_search, METH_VARARGS, "Rollouts of each code in sampled worlds."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_rollout", "Whole-round rollouts in C (see rollouts.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__rollout(void) {
    fill_cubes();
    return PyModule_Create(&module);
}
