/* Klondike's thoughtful solver: the compiled core of compendium/ai/patience/klondike_solver.py.
 *
 * Copyright (C) 2026 The Compendium developers.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This is the same search as the Python model's, position for position: the same steps (a talon
 * step plays a card the turns can bring to the top; turning alone is never a step), the same
 * safe moves played without branching, the same pruning rules ("must": a card that could have
 * waited is used by the very next move), the same dead-lock test, the same
 * comparison of positions with the piles in any order, and the same dominance between positions
 * (drawing one with a limit on the passes, drawing three without one).  Each rule is proved in
 * the Python model's docstrings and comments (klondike_solver.py); the proofs are summed up here
 * beside the code, and the tests compare this core's verdicts with the Python model's and with
 * plain exhaustive searches under every option.  Only the speed differs: a position here is a few hundred bytes
 * copied, not a tree of tuples, and the table of positions seen holds 16 bytes a position.
 *
 * The search is resumable: Search.run(n) searches at most about n more positions and returns, so
 * the Python side keeps its clock, its cancelling and its budget of positions, and a long search
 * never holds the interpreter for more than a few milliseconds at a time (the interpreter's lock is
 * let go meanwhile; a search refuses to be run from two threads at once).
 *
 * Memory safety: every input is checked when the search is made (a position this core cannot
 * hold is refused with ValueError, and the Python search answers instead); every write into a
 * pile, the talon, the frames and the moves is bounds-checked; the table of positions has a hard
 * cap, and when it is full, or memory runs out, the search stops with "undecided" -- never
 * "lost", which is said only when every line was tried.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NPILES 7
/* Cards a pile may hold here.  A pile of a real game holds at most 19: 6 face down (the
 * seventh pile's) and a run of 13; one more slot keeps a step that would overflow refusable
 * (play() fails it, and the search never says "lost" after such a failure).  Kept small: the
 * position is copied for every child, and its size is most of that cost. */
#define MAXP 20
#define MAXT 52          /* cards in the talon */
#define DEAD_LOCK_EVERY 4    /* see search_run and the Python model's constant of that name */
#define DOWN 64          /* added to a face-down card's code (suit * 16 + rank) */
#define HOME 255         /* a step's destination: the foundations */
/* Steps out of one position, at most: the lists children() fills, all full (a real position has a
 * few hundred at most: 7 * 13 * 2 in the tableau, 52 * 3 from the talon, 8 back). */
#define MAXSTEPS (2 * NPILES * MAXP * 2 + NPILES + MAXT + 2 * MAXT + 8)

enum { MUST_NONE, MUST_COVER, MUST_TAKEN };
enum { RUNNING = 0, WON = 1, LOST = 2, GAVE_UP = 3 };
enum { DOM_NONE, DOM_BEST, DOM_REACH };

typedef struct {
    uint8_t len[NPILES];
    uint8_t card[NPILES][MAXP];   /* bottom first */
    uint8_t found[4];             /* the rank home in each suit (clubs, diamonds, hearts, spades) */
    uint8_t talon[MAXT];          /* the waste bottom to top, then the stock in the order it turns */
    uint8_t tlen, p, passes;      /* p: the waste's length; passes: re-deals made */
    /* The card that the next move must use (see play()): MUST_COVER, a card put on the tableau
     * from the talon, must be covered; MUST_TAKEN, cards just taken back (a bit per card code). */
    uint8_t must_kind, must_card;
    uint8_t dirty;                /* the piles whose hashes below are out of date (a bit each) */
    uint64_t must_set;
    uint64_t z1[NPILES], z2[NPILES];   /* each pile's Zobrist hashes, kept up to date move by move */
    uint64_t h1[NPILES], h2[NPILES];   /* the same mixed, for the key (see key_of) */
    uint64_t t1, t2;              /* the talon's hashes, made again only when it changes (tdirty) */
    uint8_t tdirty;
} Pos;

/* A step: 'c' a (run of) card(s) from pile a to pile b (HOME: the foundations), c cards;
 * 'p' a part of a run, c cards, from pile a to pile b, and then the card it lay on home (one
 * step: see children()); 'w' the talon's card a to pile b or HOME; 'f' the top card of suit a
 * back to pile b. */
typedef struct { uint8_t kind, a, b, c; } Step;

typedef struct { uint64_t a, b; } Slot;

typedef struct {
    Pos pos;
    uint32_t mstart, mcount, midx;   /* its steps in the shared array of steps; midx: the next */
    Step chosen;                     /* the step to the frame above (for the winning line) */
    /* The next step's position, made one step ahead: its slot in the table is fetched from
     * memory (a prefetch) while the position before it is looked up, which is most of the cost
     * of a position.  The search's order is unchanged. */
    Pos next[2];                     /* two: the one made last stays whole while the next is made */
    int8_t nb;                       /* the one made last */
    Step nstep;
    uint64_t nk1, nk2, npk1, npk2;   /* npk: the key without its "must" (0: none), see look_up */
    uint32_t nval;
    int8_t nstate;                   /* NEXT_NONE not made yet, NEXT_READY, NEXT_FAILED, NEXT_END */
} Frame;

enum { NEXT_NONE, NEXT_READY, NEXT_FAILED, NEXT_END };

typedef struct {
    PyObject_HEAD
    int draw, allowed, part, back;   /* the options: allowed 0 means passes without limit */
    int dominate;                    /* DOM_BEST or DOM_REACH: positions that answer for others (key_of) */
    /* the table of positions seen: open addressing, 16 bytes a slot (a == 0: empty), one cache
     * line read a look-up */
    Slot *table;
    size_t tcap, tcount, tmax;
    Frame *frames;
    size_t depth, fcap;
    Step *moves;
    size_t mtop, mcap;
    long long nodes;
    int status;
    int overflow;                    /* a line was left out for want of room: never say "lost" */
    int busy;
    Pos root;
    Step *line;                      /* the winning line's steps, safe moves included */
    size_t linelen;
} Search;

#define MAX_FRAMES ((size_t)1 << 16)      /* a line of 65536 steps: never met (each frame ~1 kB) */
#define MAX_MOVES ((size_t)1 << 24)

/* ---------------------------------------------------------------------------------------------
 * The rules of the cards
 */
static const uint8_t OPPOSITE[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};

static inline int suit_of(int c) { return (c >> 4) & 3; }
static inline int rank_of(int c) { return c & 15; }

/* The two cards each card below a king may be put on in the tableau (one rank higher, of the
 * other colour), a bit per card code: ANDed with the face-up tops, a card's places in one step,
 * lowest suit first (the order of OPPOSITE, which the Python model follows).  Made at import. */
static uint64_t ONTO[64];

/* A card may go home without trying the alternatives when nothing still in play could need it:
 * an ace or a two always (nothing that goes on them is of use in the tableau); a higher card when
 * both foundations of the other colour hold the cards one rank below it (the only cards it could
 * take).  Where cards may come back from the foundations those could be taken back onto it, so
 * every lower card must be home but perhaps the other of its colour one rank below. */
static int safe_home(const Search *s, int card, const uint8_t *found)
{
    int rank = rank_of(card);
    if (rank <= 2)
        return 1;
    const uint8_t *o = OPPOSITE[suit_of(card)];
    if (s->back)    /* every lower card home but perhaps the other of its colour one below (_safe) */
        return found[o[0]] >= rank - 1 && found[o[1]] >= rank - 1 && found[suit_of(card) ^ 3] >= rank - 2;
    if (found[o[0]] >= rank - 1 && found[o[1]] >= rank - 1)
        return 1;
    /* or both of the other colour hold rank - 2 and the other suit of its colour rank - 3: the
     * cards of the other colour one rank below (the only ones it could take) can then go home
     * themselves whenever they could have gone on it, and so can whatever they could take */
    return found[o[0]] >= rank - 2 && found[o[1]] >= rank - 2 && found[suit_of(card) ^ 3] >= rank - 3;
}

/* Can the card at index i of the talon be played in this pass (no re-deal)?  n is the talon's
 * length, p the waste's.  Drawing three, only every third card from the waste's top, and the
 * stock's last card, come to the top. */
static int in_this_pass(const Search *s, int n, int p, int i)
{
    if (p && i == p - 1)
        return 1;
    if (i < p)
        return 0;
    if (s->draw == 1)
        return 1;
    return (i - p + 1) % s->draw == 0 || i == n - 1;
}

/* Each pile's hash is the exclusive or of a random number for each card at its height (a
 * face-down card counts as another card): a move changes it by the cards that move, not by the
 * whole pile.  The numbers are drawn once, from a fixed seed. */
static uint64_t ZOBRIST1[MAXP][128], ZOBRIST2[MAXP][128];

static inline void ztoggle(Pos *q, int i, int at, int card)
{
    q->z1[i] ^= ZOBRIST1[at][card];
    q->z2[i] ^= ZOBRIST2[at][card];
}

static inline void flip(Pos *q, int i)
{
    /* the engine turns a face-down top card at once */
    int n = q->len[i];
    if (n && q->card[i][n - 1] >= DOWN) {
        ztoggle(q, i, n - 1, q->card[i][n - 1]);
        q->card[i][n - 1] -= DOWN;
        ztoggle(q, i, n - 1, q->card[i][n - 1]);
    }
}

static void talon_remove(Pos *q, int i)
{
    memmove(q->talon + i, q->talon + i + 1, (size_t)(q->tlen - i - 1));
    q->tlen--;
    q->tdirty = 1;
}

static inline void count_pass(const Search *s, Pos *q)
{
    /* Without a limit the passes made do not matter (the key leaves them out): keep the count
     * from wrapping round. */
    if (s->allowed ? q->passes < 250 : q->passes < 1)
        q->passes++;
}

static int is_top(const Pos *q, int card)
{
    for (int i = 0; i < NPILES; i++)
        if (q->len[i] && q->card[i][q->len[i] - 1] == card)
            return 1;
    return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Safe moves, played after every step without branching (the Python model's _settle).  The
 * position they lead to does not depend on their order: a move safe once stays safe (the
 * foundations only rise, and a card stays on the card beneath it), and one never blocks another.
 * Each is written to out when out is given (for the winning line).  first: what to look at in
 * the first round, a bit per pile and ALL_TALON for the talon (the rest was settled before the
 * last step, which changed nothing there); everything after a move home.
 */
#define ALL_TALON 0x80
#define EVERYTHING 0xff
static void settle(const Search *s, Pos *q, Step *out, size_t *nout, size_t outcap, uint8_t first)
{
    int moved = 1;
    for (uint8_t look = first; moved; look = EVERYTHING) {
        moved = 0;
        for (int i = 0; i < NPILES; i++) {
            int n = q->len[i];
            if (!n || !(look >> i & 1))
                continue;
            int top = q->card[i][n - 1];
            if (top >= DOWN || q->found[suit_of(top)] != rank_of(top) - 1)
                continue;
            /* where cards come back, one on a face-up card goes home too (it can come straight
             * back: the Python model's _settle), unless it was just taken back */
            int back_again = s->back && n > 1 && q->card[i][n - 2] < DOWN
                             && !(q->must_kind == MUST_TAKEN && (q->must_set >> top & 1));
            if (!back_again && !safe_home(s, top, q->found))
                continue;
            q->found[suit_of(top)]++;
            ztoggle(q, i, n - 1, top);
            q->len[i]--;
            flip(q, i);
            q->dirty |= (uint8_t)(1 << i);
            if (out && *nout < outcap)
                out[(*nout)++] = (Step){'c', (uint8_t)i, HOME, 1};
            moved = 1;
        }
        if (q->tlen && s->draw == 1 && (look & ALL_TALON)) {
            /* Drawing one at a time, a card out of the talon only takes a card out of the
             * turns: the waste's top may go home safely; without a limit on the passes, any
             * card of the talon. */
            int lo, hi;
            if (!s->allowed) {
                lo = 0;
                hi = q->tlen;
            } else if (q->p) {
                lo = q->p - 1;
                hi = q->p;
            } else {
                lo = hi = 0;
            }
            for (int i = lo; i < hi; i++) {
                int card = q->talon[i];
                if (q->found[suit_of(card)] != rank_of(card) - 1 || !safe_home(s, card, q->found))
                    continue;
                q->found[suit_of(card)]++;
                if (!in_this_pass(s, q->tlen, q->p, i))
                    count_pass(s, q);
                talon_remove(q, i);
                q->p = (uint8_t)i;
                if (out && *nout < outcap)
                    out[(*nout)++] = (Step){'w', (uint8_t)card, HOME, 0};
                moved = 1;
                break;
            }
        }
    }
    if (q->must_kind == MUST_COVER) {
        if (!is_top(q, q->must_card))
            q->must_kind = MUST_NONE;     /* it went home: nothing left to cover */
    }
    if (q->must_kind == MUST_NONE) {
        q->must_card = 0;
        q->must_set = 0;
    }
}

/* ---------------------------------------------------------------------------------------------
 * One step (the Python model's _play, where each pruning rule is proved at length):
 *
 * - A card put on the tableau from the talon where every card of it can be reached at any time
 *   (drawing one, passes without limit) must be covered by the very next move: until then it
 *   could have stayed in the talon and been brought at the moment it was needed.
 * - A run of cards taken back from the foundations must end in a move that puts a card on one
 *   of them: any other move after it could have come before it.
 *
 * Returns 0 when the step cannot be played here (a bounds check failed: the line is left out and
 * the search may then no longer say "lost").
 */
static int play(Search *s, Pos *q, Step st)
{
    if (st.kind == 'c' || st.kind == 'p') {
        int i = st.a, j = st.b, count = st.c;
        int n = q->len[i];
        if (i >= NPILES || count < 1 || count > n || (st.kind == 'p' && (j == HOME || count >= n)))
            return 0;
        int left = n - count;
        if (j == HOME) {
            int card = q->card[i][left];
            q->found[suit_of(card)]++;
            ztoggle(q, i, left, card);
            q->len[i] = (uint8_t)left;
            flip(q, i);
            q->dirty |= (uint8_t)(1 << i);
            q->must_kind = MUST_NONE;     /* (no rule for a card sent home: see the Python model's _play) */
            q->must_set = 0;
            return 1;
        }
        if (j >= NPILES || j == i || q->len[j] + count > MAXP)
            return 0;
        for (int x = 0; x < count; x++) {
            ztoggle(q, i, left + x, q->card[i][left + x]);
            ztoggle(q, j, q->len[j] + x, q->card[i][left + x]);
        }
        memcpy(q->card[j] + q->len[j], q->card[i] + left, (size_t)count);
        q->len[j] = (uint8_t)(q->len[j] + count);
        q->len[i] = (uint8_t)left;
        flip(q, i);
        q->dirty |= (uint8_t)(1 << i | 1 << j);
        q->must_set = 0;
        q->must_kind = MUST_NONE;
        if (st.kind == 'p') {
            /* the card the part lay on goes home: the only reason to move a part (children()) */
            int under = q->card[i][left - 1];
            if (under >= DOWN || q->found[suit_of(under)] != rank_of(under) - 1)
                return 0;
            q->found[suit_of(under)]++;
            ztoggle(q, i, left - 1, under);
            q->len[i] = (uint8_t)(left - 1);
            flip(q, i);
        }
        return 1;
    }
    if (st.kind == 'w') {
        int card = st.a, j = st.b;
        int i = -1;
        for (int k = 0; k < q->tlen; k++)
            if (q->talon[k] == card) {
                i = k;
                break;
            }
        if (i < 0 || (j != HOME && (j >= NPILES || q->len[j] + 1 > MAXP)))
            return 0;
        if (!in_this_pass(s, q->tlen, q->p, i))
            count_pass(s, q);
        talon_remove(q, i);
        q->p = (uint8_t)i;
        int free_talon = s->draw == 1 && !s->allowed;
        q->must_set = 0;
        if (j == HOME) {
            q->found[suit_of(card)]++;
            q->must_kind = MUST_NONE;
            q->must_card = 0;
        } else {
            ztoggle(q, j, q->len[j], card);
            q->card[j][q->len[j]++] = (uint8_t)card;
            q->dirty |= (uint8_t)(1 << j);
            q->must_kind = free_talon ? MUST_COVER : MUST_NONE;
            q->must_card = (uint8_t)card;
        }
        return 1;
    }
    if (st.kind == 'f') {
        int suit = st.a, j = st.b;
        if (suit > 3 || j >= NPILES || q->found[suit] < 1 || q->len[j] + 1 > MAXP)
            return 0;
        int card = suit * 16 + q->found[suit];
        q->found[suit]--;
        ztoggle(q, j, q->len[j], card);
        q->card[j][q->len[j]++] = (uint8_t)card;
        q->dirty |= (uint8_t)(1 << j);
        uint64_t before = q->must_kind == MUST_TAKEN ? q->must_set : 0;
        q->must_kind = MUST_TAKEN;
        q->must_set = before | ((uint64_t)1 << card);
        q->must_card = 0;
        return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------------------------------------
 * The steps out of a position, the most promising first (the Python model's children): moves
 * that turn up a face-down card (the deepest first) or make a space; cards home (a part of a
 * run moved to send the card beneath it home among them); cards from the talon; cards back from
 * the foundations.  (Every move in the tableau is one of these.)  Then the "must" of the last
 * step keeps only the moves that use the card it names.
 */
typedef struct { int key; Step st; } Keyed;

/* Of the tops a card may go on (m, a bit per card), those to try: where parts of runs move, one
 * of two twins only -- the one the last step's "must" asks for, if either, else the lower
 * (the Python model's children: the two positions are paired, one won exactly when the other is). */
static inline uint64_t places(const Search *s, const Pos *q, uint64_t m)
{
    if (!s->part || !(m & (m - 1)))
        return m;
    uint64_t want = q->must_kind == MUST_TAKEN ? q->must_set
                  : q->must_kind == MUST_COVER ? (uint64_t)1 << (q->must_card & 63) : 0;
    if (m & want)
        m &= want;
    return m & (~m + 1);
}

static int children(const Search *s, const Pos *q, Step *out)
{
    int8_t top_at[64];
    memset(top_at, -1, sizeof top_at);
    uint64_t tops = 0;      /* the face-up tops, a bit per card code: see ONTO */
    int empty = -1;
    for (int i = 0; i < NPILES; i++) {
        int n = q->len[i];
        if (!n) {
            if (empty < 0)
                empty = i;
        } else if (q->card[i][n - 1] < DOWN) {
            top_at[q->card[i][n - 1]] = (int8_t)i;
            tops |= (uint64_t)1 << q->card[i][n - 1];
        }
    }
    Keyed reveal[NPILES * MAXP * 2];
    Step home[NPILES + MAXT + NPILES * MAXP * 2], from_talon[MAXT * 2], back[8];
    int nr = 0, nh = 0, nt = 0, nb = 0;

    for (int i = 0; i < NPILES; i++) {
        int n = q->len[i];
        if (!n || q->card[i][n - 1] >= DOWN)
            continue;
        int k = n - 1;
        while (k > 0 && q->card[i][k - 1] < DOWN)
            k--;
        int top = q->card[i][n - 1];
        if (q->found[suit_of(top)] == rank_of(top) - 1)
            home[nh++] = (Step){'c', (uint8_t)i, HOME, 1};
        /* whole runs: only the run from its first face-up card; parts: from any face-up card
         * whose card beneath can go home, and does so in the same step ('p': see the Python
         * model's children for the proof that no other part need be moved) */
        int last = s->part ? n - 1 : k;
        for (int at = k; at <= last; at++) {
            int card = q->card[i][at];
            if (at > k) {
                int under = q->card[i][at - 1];
                if (q->found[suit_of(under)] != rank_of(under) - 1)
                    continue;
            }
            int targets[2], nt2 = 0;
            if (rank_of(card) == 13) {
                if (empty < 0 || at == 0)
                    continue;    /* no space, or the whole pile would only change places */
                targets[nt2++] = empty;
            } else {
                for (uint64_t m = places(s, q, ONTO[card] & tops); m; m &= m - 1)
                    targets[nt2++] = top_at[__builtin_ctzll(m)];
            }
            for (int x = 0; x < nt2; x++) {
                Step st = {at > k ? 'p' : 'c', (uint8_t)i, (uint8_t)targets[x], (uint8_t)(n - at)};
                /* where the card it leaves goes: the first face-up card's going turns up the one
                 * beneath, or makes a space; a part's going above it sends a card home */
                int from = at > k ? at - 1 : at;
                if (from == k && k > 0)
                    reveal[nr++] = (Keyed){-k, st};
                else if (from == 0)
                    reveal[nr++] = (Keyed){1, st};    /* makes a space */
                else
                    home[nh++] = st;
            }
        }
    }

    /* the talon's cards that can be brought to the waste's top: this pass, then the next */
    int n = q->tlen, p = q->p;
    if (n) {
        int idx[MAXT * 2], ni = 0;
        if (p)
            idx[ni++] = p - 1;
        int again = !s->allowed || q->passes + 1 < s->allowed;
        if (s->draw == 1) {
            for (int i = p; i < n; i++)
                idx[ni++] = i;
            if (again)
                for (int i = 0; i < p - 1; i++)
                    idx[ni++] = i;
        } else {
            uint64_t here = 0;
            int i = p;
            while (i < n) {
                i = i + s->draw < n ? i + s->draw : n;
                here |= (uint64_t)1 << (i - 1);
                idx[ni++] = i - 1;
            }
            if (again) {
                i = 0;
                while (i < n) {
                    i = i + s->draw < n ? i + s->draw : n;
                    if (!(here >> (i - 1) & 1) && i - 1 != p - 1)
                        idx[ni++] = i - 1;
                }
            }
        }
        for (int x = 0; x < ni; x++) {
            int card = q->talon[idx[x]];
            if (q->found[suit_of(card)] == rank_of(card) - 1)
                home[nh++] = (Step){'w', (uint8_t)card, HOME, 0};
            if (rank_of(card) == 13) {
                if (empty >= 0)
                    from_talon[nt++] = (Step){'w', (uint8_t)card, (uint8_t)empty, 0};
            } else {
                for (uint64_t m = places(s, q, ONTO[card] & tops); m; m &= m - 1)
                    from_talon[nt++] = (Step){'w', (uint8_t)card, (uint8_t)top_at[__builtin_ctzll(m)], 0};
            }
        }
    }

    if (s->back) {
        for (int su = 0; su < 4; su++) {
            int rank = q->found[su];
            if (rank < 3)
                continue;    /* an ace or a two back is never of use */
            if (rank == 13) {
                if (empty >= 0)
                    back[nb++] = (Step){'f', (uint8_t)su, (uint8_t)empty, 0};
                continue;
            }
            for (uint64_t m = places(s, q, ONTO[su * 16 + rank] & tops); m; m &= m - 1)
                back[nb++] = (Step){'f', (uint8_t)su, (uint8_t)top_at[__builtin_ctzll(m)], 0};
        }
    }

    /* the moves that turn up a card, the deepest first, then those that make a space (stable) */
    for (int a = 1; a < nr; a++) {
        Keyed e = reveal[a];
        int b = a;
        while (b > 0 && reveal[b - 1].key > e.key) {
            reveal[b] = reveal[b - 1];
            b--;
        }
        reveal[b] = e;
    }
    int total = 0;
    Step all[MAXSTEPS];     /* room for every list full: nothing is ever left out */
    for (int x = 0; x < nr; x++)
        all[total++] = reveal[x].st;
    for (int x = 0; x < nh; x++)
        all[total++] = home[x];
    for (int x = 0; x < nt; x++)
        all[total++] = from_talon[x];
    for (int x = 0; x < nb; x++)
        all[total++] = back[x];

    int kept = 0;
    for (int x = 0; x < total; x++) {
        Step st = all[x];
        int dest = st.b;     /* the pile it goes to, or HOME */
        int keep = 1;
        if (q->must_kind == MUST_TAKEN) {
            /* another card back, or a card onto one of those taken back */
            int top = dest != HOME && q->len[dest] ? q->card[dest][q->len[dest] - 1] : DOWN;
            keep = st.kind == 'f' || (top < DOWN && (q->must_set >> top & 1));
        } else if (q->must_kind == MUST_COVER) {
            int at = top_at[q->must_card];
            keep = at >= 0 && dest == at;
        }
        if (keep)
            out[kept++] = st;
    }
    return kept;
}

/* ---------------------------------------------------------------------------------------------
 * The dead-lock test, asked of every new position where the passes are limited, of every
 * DEAD_LOCK_EVERY-th step down a line where they are not, and of the first position always (the
 * Python model's dead_lock, where the proof is given at length): a relaxed
 * game in which a card, once *exposed* (a pile's top, the
 * waste's top, a card the turns can bring to the top, or a card whose every coverer has left),
 * stays available for ever.  A card leaves its place, with whatever lies on it, when it is face
 * up or exposed and it could go somewhere: home (every lower card of its suit home or exposed),
 * onto an exposed card one higher of the other colour (not one home; where cards may come back,
 * one home too), or -- a king -- into a space, once a space has been made (a pile empty, or a pile's
 * bottom card gone).  Its leaving exposes the card beneath.  Every card the real game exposes,
 * the relaxed game exposes too; a card it never exposes never goes home: the deal is lost.
 */
static inline int may_leave(int c, uint64_t avail, uint64_t targets, int space, int bottom)
{
    int su = suit_of(c), r = rank_of(c);
    uint64_t lower = (((uint64_t)1 << r) - 2) << (su * 16);
    if ((avail & lower) == lower)
        return 1;                        /* home */
    if (r == 13)
        return space && !bottom;         /* into a space (a whole pile never changes places) */
    const uint8_t *o = OPPOSITE[su];
    return (targets >> (o[0] * 16 + r + 1) & 1) || (targets >> (o[1] * 16 + r + 1) & 1);
}

static int dead_lock(const Search *s, const Pos *q)
{
    const uint64_t every = 0x3ffe3ffe3ffe3ffeULL;    /* ranks 1 to 13 of each suit */
    uint64_t exposed = 0, home = 0;
    int space = 0;
    for (int su = 0; su < 4; su++)
        home |= ((((uint64_t)1 << (q->found[su] + 1)) - 2)) << (su * 16);
    /* Each card of the piles with the card beneath it (NOBODY: the pile's bottom, whose leaving
     * makes a space), still to be opened; opened ones drop out of the list.  The closure is the
     * same in whatever order they are tried. */
    enum { NOBODY = 255 };
    typedef struct { uint8_t card, beneath, up; } Cover;
    Cover open[NPILES * MAXP];
    int n_open = 0;
    for (int i = 0; i < NPILES; i++) {
        int n = q->len[i], k = n;
        while (k && q->card[i][k - 1] < DOWN)
            k--;                            /* k: the first face-up card */
        if (!n) {
            space = 1;
            continue;
        }
        exposed |= (uint64_t)1 << (q->card[i][n - 1] & 63);
        for (int j = n - 1; j >= 0; j--)     /* from the top: a pile opens in one sweep */
            open[n_open++] = (Cover){(uint8_t)(q->card[i][j] & 63), (uint8_t)(j ? q->card[i][j - 1] & 63 : NOBODY),
                                     (uint8_t)(j >= k)};
    }
    /* in the last pass the waste beneath its top is buried; before it, the turns reach it all */
    int last = s->allowed && q->passes + 1 >= s->allowed;
    int w = last ? q->p : 0;             /* the waste's cards below w - 1 are not exposed yet */
    for (int x = w ? w - 1 : 0; x < q->tlen; x++)
        exposed |= (uint64_t)1 << q->talon[x];
    uint64_t wanted = every & ~home;     /* every card still to go home must be exposed */
    int changed = 1;
    while (changed) {
        changed = 0;
        if (!(wanted & ~exposed))
            return 0;
        int kept = 0;
        for (int x = 0; x < n_open; x++) {
            int c = open[x].card, b = open[x].beneath;
            if (b == NOBODY ? space : (int)(exposed >> b & 1))
                continue;                    /* nothing more to gain from its leaving: dropped */
            /* a face-down card not exposed cannot leave; nor can one whose way is shut */
            uint64_t targets = s->back ? exposed | home : exposed & ~home;
            if ((open[x].up || (exposed >> c & 1)) && may_leave(c, exposed | home, targets, space, b == NOBODY)) {
                if (b == NOBODY)
                    space = 1;
                else
                    exposed |= (uint64_t)1 << b;
                changed = 1;
                continue;
            }
            open[kept++] = open[x];          /* the order kept: piles from the top */
        }
        n_open = kept;
        while (w >= 2 && may_leave(q->talon[w - 1], exposed | home, s->back ? exposed | home : exposed & ~home,
                                   space, 0)) {
            w--;
            exposed |= (uint64_t)1 << q->talon[w - 1];
            changed = 1;
        }
    }
    return (wanted & ~exposed) != 0;
}

/* ---------------------------------------------------------------------------------------------
 * The table of positions seen.
 *
 * Positions are compared with the piles in any order (the seven piles are alike): the key sums a
 * hash of each pile, which does not depend on their order.  The foundations are left out (every
 * card not in the piles or the talon is home).  The talon's order never changes; without a limit
 * on the passes the passes made do not matter, and drawing one neither does the place in the
 * stock (every card can be reached); drawing three the place matters.
 *
 * A position *dominates* another with the same cards in the same places when it can turn on to
 * the other's place in the talon: every step out of the other is then a step out of it, to the
 * same position or to one that dominates that one (a talon step leads to the same position
 * whatever the place it started from; a move in the tableau leaves the two places as they
 * were), so every line that wins from the other wins from it.  A dominated position met after
 * its dominator is answered by the dominator's search (as a position met twice is): a win
 * reachable from it is reachable from the dominator, whose every step the search tries.
 *
 * - DOM_BEST, drawing one with a limit on the passes: the same cards with fewer passes made, or
 *   as many and fewer cards turned, dominate; the slot keeps the best (passes, turned) met.
 * - DOM_REACH, drawing three (or two ...) without a limit: from the place p the turns lead to
 *   p + 3, p + 6 ... up to the talon's end n, then (after the re-deal) to 0, 3, 6 ... n again.
 *   The slot keeps the places reached by the turns from every place met (a bit each), and a
 *   place among them is dominated.  (Places 0, 3, 6 ... n, the cycle of the re-deals, all reach
 *   one another: the first met answers for the rest.)  A talon of more than 31 cards (never met
 *   from a deal) keeps its place in the key instead.
 *
 * A slot holds 96 bits of two independent hashes of the key and the 32 bits above.  Two
 * different positions are taken for one only if all 96 bits agree: with at most a few million
 * positions a search, the chance of that happening in a search is below 10^-15, which is what we
 * accept for "every line was tried".
 */
static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

static void hash_bytes(const uint8_t *b, int n, uint64_t *h1, uint64_t *h2)
{
    uint64_t a = 0x243f6a8885a308d3ULL ^ (uint64_t)n, c = 0x13198a2e03707344ULL + (uint64_t)n * 0x9e3779b97f4a7c15ULL;
    for (int x = 0; x < n; x += 8) {
        uint64_t w = 0;
        int m = n - x < 8 ? n - x : 8;
        memcpy(&w, b + x, (size_t)m);
        a = mix64(a ^ w) + 0x9e3779b97f4a7c15ULL;
        c = mix64(c + w * 0xd6e8feb86659fd93ULL) ^ 0xa0761d6478bd642fULL;
    }
    *h1 = mix64(a);
    *h2 = mix64(c ^ 0xe7037ed1a0b428dbULL);
}

/* Where parts of runs move, the sums of the piles' hashes with the heaps on twin cards put in a
 * canonical order (the Python model's twin_canonical, where the proof is: positions whose heaps
 * on twins are swapped are one for the search).  0 when no heap moves: the position's own sums
 * serve.  The position itself is left as it is (the winning line is played from it). */
static int canon_sums(const Pos *q, uint64_t *pa, uint64_t *pb)
{
    int8_t pile_of[64], idx_of[64];
    uint64_t up = 0;
    for (int i = 0; i < NPILES; i++)
        for (int j = 0; j < q->len[i]; j++) {
            int c = q->card[i][j];
            if (c < DOWN) {
                up |= (uint64_t)1 << c;
                pile_of[c] = (int8_t)i;
                idx_of[c] = (int8_t)j;
            }
        }
    uint8_t cards[NPILES][MAXP], len[NPILES];
    int copied = 0;
    uint8_t changed = 0;
    for (int rank = 13; rank >= 2; rank--) {
        for (int su = 0; su < 2; su++) {
            int x = su * 16 + rank, y = (su ^ 3) * 16 + rank;
            if (!(up >> x & 1) || !(up >> y & 1))
                continue;
            const uint8_t *lens = copied ? len : q->len;
            int px = pile_of[x], py = pile_of[y], ix = idx_of[x], iy = idx_of[y];
            int hx = ix + 1 < lens[px] ? (copied ? cards[px][ix + 1] : q->card[px][ix + 1]) : 0;
            int hy = iy + 1 < lens[py] ? (copied ? cards[py][iy + 1] : q->card[py][iy + 1]) : 0;
            if (hx <= hy)
                continue;
            if (!copied) {
                memcpy(cards, q->card, sizeof cards);
                memcpy(len, q->len, sizeof len);
                copied = 1;
            }
            uint8_t heapx[MAXP], heapy[MAXP];
            int nx = len[px] - ix - 1, ny = len[py] - iy - 1;
            memcpy(heapx, cards[px] + ix + 1, (size_t)nx);
            memcpy(heapy, cards[py] + iy + 1, (size_t)ny);
            if (ix + 1 + ny > MAXP || iy + 1 + nx > MAXP)
                return 0;
            memcpy(cards[px] + ix + 1, heapy, (size_t)ny);
            memcpy(cards[py] + iy + 1, heapx, (size_t)nx);
            len[px] = (uint8_t)(ix + 1 + ny);
            len[py] = (uint8_t)(iy + 1 + nx);
            for (int k = ix + 1; k < len[px]; k++) {
                pile_of[cards[px][k]] = (int8_t)px;
                idx_of[cards[px][k]] = (int8_t)k;
            }
            for (int k = iy + 1; k < len[py]; k++) {
                pile_of[cards[py][k]] = (int8_t)py;
                idx_of[cards[py][k]] = (int8_t)k;
            }
            changed |= (uint8_t)(1 << px | 1 << py);
        }
    }
    if (!changed)
        return 0;
    uint64_t a = 0, b = 0;
    for (int i = 0; i < NPILES; i++) {
        if (changed >> i & 1) {
            uint64_t z1 = 0, z2 = 0;
            for (int h = 0; h < len[i]; h++) {
                z1 ^= ZOBRIST1[h][cards[i][h]];
                z2 ^= ZOBRIST2[h][cards[i][h]];
            }
            a += mix64(z1 ^ 0x5851f42d4c957f2dULL);
            b += mix64(z2 + 0x14057b7ef767814fULL);
        } else {
            a += q->h1[i];
            b += q->h2[i];
        }
    }
    *pa = a;
    *pb = b;
    return 1;
}

static void key_of(const Search *s, Pos *q, uint64_t *k1, uint64_t *k2, uint32_t *val,
                   uint64_t *pk1, uint64_t *pk2)
{
    uint64_t a = 0, b = 0;
    for (int i = 0; i < NPILES; i++) {
        if (q->dirty >> i & 1) {
            /* only the piles the last step changed are hashed again (two or three of seven) */
            q->h1[i] = mix64(q->z1[i] ^ 0x5851f42d4c957f2dULL);
            q->h2[i] = mix64(q->z2[i] + 0x14057b7ef767814fULL);
        }
        a += q->h1[i];
        b += q->h2[i];
    }
    q->dirty = 0;
    if (s->part) {
        uint64_t ca, cb;
        if (canon_sums(q, &ca, &cb)) {
            a = ca;
            b = cb;
        }
    }
    /* The rest of the key in two words: the "must" (kind and card; the cards taken back) and the
     * talon's place where it counts (p, passes, a mark that there is a talon). */
    uint64_t must = (uint64_t)q->must_kind | (uint64_t)q->must_card << 8;
    uint64_t place = 0;
    uint64_t tt1 = 0, tt2 = 0;    /* the talon's hashes (none when it is empty) */
    *val = 0;
    if (q->tlen) {
        if (q->tdirty) {
            /* most steps leave the talon as it was: its hashes are kept in the position */
            hash_bytes(q->talon, q->tlen, &q->t1, &q->t2);
            q->tdirty = 0;
        }
        place = 0xEE;
        tt1 = q->t1;
        tt2 = q->t2;
        if (s->dominate == DOM_REACH && q->tlen <= 31) {
            /* the places the turns lead to from p (the pass ends at n, the next begins at 0) */
            uint32_t reach = (uint32_t)1 << q->tlen | 1;
            for (int x = q->p; x < q->tlen; x += s->draw)
                reach |= (uint32_t)1 << x;
            for (int x = s->draw; x < q->tlen; x += s->draw)
                reach |= (uint32_t)1 << x;
            *val = reach;
        } else if (!s->allowed) {
            if (s->draw != 1)
                place |= (uint64_t)q->p << 8;
        } else if (s->dominate == DOM_BEST) {
            *val = (uint32_t)q->passes << 8 | q->p;
        } else {
            place |= (uint64_t)q->p << 8 | (uint64_t)q->passes << 16;
        }
    }
    a ^= tt1;
    b += tt2;
    /* the position without its "must" first (see look_up), then with it */
    uint64_t x = mix64(place ^ 0x243f6a8885a308d3ULL), y = mix64(place * 0xd6e8feb86659fd93ULL + 0x13198a2e03707344ULL);
    *pk1 = *pk2 = 0;
    if (q->must_kind == MUST_COVER) {
        *pk1 = mix64(a ^ x) | 1;
        *pk2 = mix64(b + y);
    }
    if (must || q->must_set) {
        x ^= mix64(must ^ 0xa4093822299f31d0ULL) + mix64(q->must_set ^ 0x082efa98ec4e6c89ULL);
        y += mix64(must * 0x9e3779b97f4a7c15ULL + 0x452821e638d01377ULL)
             ^ mix64(q->must_set * 0xbf58476d1ce4e5b9ULL + 0xbe5466cf34e90c6cULL);
    }
    *k1 = mix64(a ^ x) | 1;      /* never 0: 0 marks an empty slot */
    *k2 = mix64(b + y);
}

static int table_grow(Search *s)
{
    size_t cap = s->tcap ? s->tcap * 2 : ((size_t)1 << 16 < s->tmax ? (size_t)1 << 16 : s->tmax);
    if (cap > s->tmax)
        return 0;
    Slot *t = calloc(cap, sizeof *t);
    if (!t)
        return 0;
    for (size_t x = 0; x < s->tcap; x++) {
        if (!s->table[x].a)
            continue;
        size_t h = (size_t)(s->table[x].a >> 7) & (cap - 1);
        while (t[h].a)
            h = (h + 1) & (cap - 1);
        t[h] = s->table[x];
    }
    free(s->table);
    s->table = t;
    s->tcap = cap;
    return 1;
}

/* 1: seen already (or dominated); 0: new, now recorded; -1: the table is full.  k1, k2, val: the
 * position's key (key_of). */
static int look_up(Search *s, const Pos *q, uint64_t k1, uint64_t k2, uint32_t val, uint64_t pk1, uint64_t pk2)
{
    if ((s->tcount + 1) * 10 > s->tcap * 7 && !table_grow(s))
        return -1;
    if (pk1) {
        /* A position whose "must" is a card put out from the talon (MUST_COVER) is dominated by
         * the same position without it, met already (or by one that
         * dominates that one): every step the "must" keeps is a step out of the other, and leads
         * to the very same position (such a step sets the child's "must" afresh; only a card
         * taken back adds to the "must" before it, and MUST_TAKEN is not among these).  So every
         * line that wins from it wins from the other, whose search answers for it.  (The
         * Python model's key does the same: see KlondikeModel.key.)  Only looked at, not
         * recorded. */
        uint64_t ptag = pk2 & ~(uint64_t)0xffffffff;
        size_t g = (size_t)(pk1 >> 7) & (s->tcap - 1);
        while (s->table[g].a) {
            if (s->table[g].a == pk1 && (s->table[g].b & ~(uint64_t)0xffffffff) == ptag) {
                uint32_t best = (uint32_t)s->table[g].b;
                if (s->dominate == DOM_REACH && q->tlen && q->tlen <= 31) {
                    if (best >> q->p & 1)
                        return 1;
                } else if (best <= val) {
                    return 1;
                }
                break;
            }
            g = (g + 1) & (s->tcap - 1);
        }
    }
    uint64_t tag = k2 & ~(uint64_t)0xffffffff;
    size_t h = (size_t)(k1 >> 7) & (s->tcap - 1);
    Slot *t = s->table;
    while (t[h].a) {
        if (t[h].a == k1 && (t[h].b & ~(uint64_t)0xffffffff) == tag) {
            uint32_t best = (uint32_t)t[h].b;
            if (s->dominate == DOM_REACH && q->tlen && q->tlen <= 31) {
                if (best >> q->p & 1)
                    return 1;             /* a place met turns on to this one */
                t[h].b = tag | best | val;
                return 0;
            }
            if (best <= val)
                return 1;
            t[h].b = tag | val;        /* better than any met: searched again from here */
            return 0;
        }
        h = (h + 1) & (s->tcap - 1);
    }
    t[h].a = k1;
    t[h].b = tag | val;
    s->tcount++;
    return 0;
}

static int seen_or_add(Search *s, Pos *q)
{
    uint64_t k1, k2, pk1, pk2;
    uint32_t val;
    key_of(s, q, &k1, &k2, &val, &pk1, &pk2);
    return look_up(s, q, k1, k2, val, pk1, pk2);
}

/* ---------------------------------------------------------------------------------------------
 * The depth-first search, resumable.
 */
static int won(const Pos *q)
{
    if (q->tlen)
        return 0;
    for (int i = 0; i < NPILES; i++)
        if (q->len[i])
            return 0;
    return 1;
}

static int push(Search *s, const Pos *q)
{
    Pos held;
    if (s->depth == s->fcap) {
        held = *q;          /* q may lie in the frames moved below */
        q = &held;
        size_t cap = s->fcap ? s->fcap * 2 : 256;
        if (cap > MAX_FRAMES)
            return 0;
        Frame *f = realloc(s->frames, cap * sizeof *f);
        if (!f)
            return 0;
        s->frames = f;
        s->fcap = cap;
    }
    if (s->mtop + MAXSTEPS > s->mcap) {
        size_t cap = s->mcap ? s->mcap * 2 : 65536;
        while (cap < s->mtop + MAXSTEPS)
            cap *= 2;
        if (cap > MAX_MOVES)
            return 0;
        Step *m = realloc(s->moves, cap * sizeof *m);
        if (!m)
            return 0;
        s->moves = m;
        s->mcap = cap;
    }
    Frame *f = &s->frames[s->depth++];
    f->pos = *q;
    f->mstart = (uint32_t)s->mtop;
    f->mcount = (uint32_t)children(s, q, s->moves + s->mtop);
    f->midx = 0;
    f->nstate = NEXT_NONE;
    f->nb = 0;
    s->mtop += f->mcount;
    return 1;
}

/* The winning line: the steps chosen down the frames and the last, each with its safe moves. */
static int record_line(Search *s, Step last)
{
    size_t cap = (s->depth + 1) * 64 + 256;
    s->line = malloc(cap * sizeof *s->line);
    if (!s->line)
        return 0;
    s->linelen = 0;
    Pos q = s->root;
    for (size_t d = 0; d < s->depth; d++) {
        Step st = d + 1 < s->depth ? s->frames[d].chosen : last;
        if (st.kind == 'p') {    /* written as the game plays it: the part moved, then the card home */
            if (s->linelen + 2 <= cap) {
                s->line[s->linelen++] = (Step){'c', st.a, st.b, st.c};
                s->line[s->linelen++] = (Step){'c', st.a, HOME, 1};
            }
        } else if (s->linelen < cap)
            s->line[s->linelen++] = st;
        if (!play(s, &q, st))
            return 0;
        settle(s, &q, s->line, &s->linelen, cap, EVERYTHING);
    }
    return won(&q);
}

/* The frame's next position, one step ahead of the search (see Frame). */
static void make_next(Search *s, Frame *f)
{
    if (f->midx == f->mcount) {
        f->nstate = NEXT_END;
        return;
    }
    Step st = s->moves[f->mstart + f->midx++];
    f->nb ^= 1;
    Pos *next = &f->next[f->nb];
    *next = f->pos;
    f->nstep = st;
    uint32_t before, after;
    memcpy(&before, next->found, sizeof before);
    int taken = next->must_kind == MUST_TAKEN;
    if (!play(s, next, st)) {
        f->nstate = NEXT_FAILED;
        return;
    }
    /* Settled before the step: only what it touched (the piles whose hashes are out of date)
     * can have a safe move now, unless it raised a foundation or ended a "must" of cards taken
     * back (which lets them go home). */
    memcpy(&after, next->found, sizeof after);
    uint8_t first = before != after || taken ? EVERYTHING : (uint8_t)(next->dirty | (st.kind == 'w' ? ALL_TALON : 0));
    settle(s, next, NULL, NULL, 0, first);
    key_of(s, next, &f->nk1, &f->nk2, &f->nval, &f->npk1, &f->npk2);
    __builtin_prefetch(&s->table[(size_t)(f->nk1 >> 7) & (s->tcap - 1)]);
    if (f->npk1)
        __builtin_prefetch(&s->table[(size_t)(f->npk1 >> 7) & (s->tcap - 1)]);
    f->nstate = NEXT_READY;
}

static int search_run(Search *s, long long budget)
{
    long long stop = s->nodes + budget;
    while (s->depth) {
        Frame *f = &s->frames[s->depth - 1];
        if (f->nstate == NEXT_NONE)
            make_next(s, f);
        if (f->nstate == NEXT_END) {
            s->mtop = f->mstart;
            s->depth--;
            continue;
        }
        int ready = f->nstate == NEXT_READY;
        Step st = f->nstep;
        const Pos *child = &f->next[f->nb];   /* left whole by the make_next below (the other one) */
        uint64_t k1 = f->nk1, k2 = f->nk2, pk1 = f->npk1, pk2 = f->npk2;
        uint32_t val = f->nval;
        make_next(s, f);          /* the step after, fetched while this one is looked up */
        if (!ready) {
            s->overflow = 1;      /* a line left out for want of room: "lost" no more */
            continue;
        }
        if (won(child))
            return record_line(s, st) ? WON : GAVE_UP;
        int seen = look_up(s, child, k1, k2, val, pk1, pk2);
        if (seen < 0)
            return GAVE_UP;    /* the table is full: undecided */
        if (seen)
            continue;
        s->nodes++;
        /* The dead-lock test: with a limit on the passes (where the waste can bury cards) at
         * every position; without one every DEAD_LOCK_EVERY steps down a line (the child is at
         * depth s->depth; the Python model's DEAD_LOCK_EVERY says what was measured) and at
         * the first position (Search_init). */
        if ((s->allowed || s->depth % DEAD_LOCK_EVERY == 0) && dead_lock(s, child))
            continue;
        f->chosen = st;
        if (!push(s, child))
            return GAVE_UP;
        if (s->nodes >= stop)
            return RUNNING;
    }
    return s->overflow ? GAVE_UP : LOST;
}

/* ---------------------------------------------------------------------------------------------
 * The Python type: Search(cols, found, talon, p, passes, draw, allowed, part, back, max_slots)
 */
static int read_cards(PyObject *seq, uint8_t *out, int cap, int *n, uint64_t *cards, int faces)
{
    PyObject *fast = PySequence_Fast(seq, "a sequence of card codes");
    if (!fast)
        return 0;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > cap) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "too many cards in a pile or the talon");
        return 0;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return 0;
        }
        int code = (int)(v & 63);
        if (v < 0 || v > 127 || (!faces && v >= DOWN) || rank_of(code) < 1 || rank_of(code) > 13
            || (*cards >> code & 1)) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "a card code out of range or twice");
            return 0;
        }
        *cards |= (uint64_t)1 << code;
        out[i] = (uint8_t)v;
    }
    *n = (int)len;
    Py_DECREF(fast);
    return 1;
}

static void Search_dealloc(Search *s)
{
    free(s->table);
    free(s->frames);
    free(s->moves);
    free(s->line);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int Search_init(Search *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"cols", "found", "talon", "p", "passes", "draw", "allowed", "part", "back",
                            "max_slots", NULL};
    PyObject *cols, *found, *talon;
    int p, passes, draw, allowed, part, back;
    /* 256 MB at most (about 11.7 million positions at the table's 70 % load), reached only by a
     * long question such as the table's 20 s one: at 128 MB, its two searches, at 1.2-2 million
     * positions a second, could fill both tables well within those 20 s */
    Py_ssize_t max_slots = (Py_ssize_t)1 << 24;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOiiiipp|n", names, &cols, &found, &talon, &p, &passes,
                                     &draw, &allowed, &part, &back, &max_slots))
        return -1;
    if (s->frames || s->table) {
        PyErr_SetString(PyExc_RuntimeError, "a search is made once");
        return -1;
    }
    if (draw < 1 || draw > 8 || allowed < 0 || allowed > 200 || passes < 0 || passes > 250
        || max_slots < 1024 || max_slots > ((Py_ssize_t)1 << 28)) {
        PyErr_SetString(PyExc_ValueError, "options out of range");
        return -1;
    }
    Pos q;
    memset(&q, 0, sizeof q);
    uint64_t cards = 0;
    PyObject *fast = PySequence_Fast(cols, "seven piles");
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != NPILES) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "seven piles");
        return -1;
    }
    for (int i = 0; i < NPILES; i++) {
        int n = 0;
        /* a real pile holds at most 19 cards (see MAXP) */
        if (!read_cards(PySequence_Fast_GET_ITEM(fast, i), q.card[i], MAXP - 1, &n, &cards, 1)) {
            Py_DECREF(fast);
            return -1;
        }
        q.len[i] = (uint8_t)n;
    }
    Py_DECREF(fast);
    int n = 0;
    if (!read_cards(talon, q.talon, MAXT, &n, &cards, 0))
        return -1;
    q.tlen = (uint8_t)n;
    uint8_t f[4];
    int nf = 0;
    uint64_t none = 0;
    fast = PySequence_Fast(found, "four foundations");
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 4) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "four foundations");
        return -1;
    }
    for (int su = 0; su < 4; su++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, su));
        if ((v == -1 && PyErr_Occurred()) || v < 0 || v > 13) {
            Py_DECREF(fast);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a foundation out of range");
            return -1;
        }
        f[su] = (uint8_t)v;
        for (int r = 1; r <= v; r++) {
            if (cards >> (su * 16 + r) & 1) {
                Py_DECREF(fast);
                PyErr_SetString(PyExc_ValueError, "a card home and in play");
                return -1;
            }
            none |= (uint64_t)1 << (su * 16 + r);
        }
    }
    Py_DECREF(fast);
    (void)nf;
    memcpy(q.found, f, 4);
    /* every card once: home, in the piles or in the talon */
    for (int su = 0; su < 4; su++)
        for (int r = 1; r <= 13; r++)
            if (!((cards | none) >> (su * 16 + r) & 1)) {
                PyErr_SetString(PyExc_ValueError, "a card is missing");
                return -1;
            }
    if (p < 0 || p > q.tlen) {
        PyErr_SetString(PyExc_ValueError, "the waste is longer than the talon");
        return -1;
    }
    q.p = (uint8_t)p;
    q.passes = (uint8_t)passes;
    q.dirty = (1 << NPILES) - 1;
    for (int i = 0; i < NPILES; i++)
        for (int x = 0; x < q.len[i]; x++)
            ztoggle(&q, i, x, q.card[i][x]);
    q.tdirty = 1;
    s->draw = draw;
    s->allowed = allowed;
    s->part = part;
    s->back = back;
    s->dominate = draw == 1 ? (allowed ? DOM_BEST : DOM_NONE) : (allowed ? DOM_NONE : DOM_REACH);
    s->tmax = 1024;
    while (s->tmax * 2 <= (size_t)max_slots)
        s->tmax *= 2;
    s->root = q;
    s->status = won(&q) ? WON : dead_lock(s, &q) ? LOST : RUNNING;   /* won with no step, or lost at once */
    if (!table_grow(s) || seen_or_add(s, &q) < 0 || !push(s, &q)) {
        PyErr_NoMemory();
        return -1;
    }
    s->nodes = s->status == WON ? 0 : 1;     /* as the Python search counts */
    return 0;
}

static PyObject *Search_run(Search *s, PyObject *arg)
{
    long long budget = PyLong_AsLongLong(arg);
    if (budget == -1 && PyErr_Occurred())
        return NULL;
    if (!s->frames && s->status == RUNNING) {
        PyErr_SetString(PyExc_RuntimeError, "the search was not made");
        return NULL;
    }
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the search is running");
        return NULL;
    }
    if (s->status == RUNNING && budget > 0) {
        s->busy = 1;
        int status;
        Py_BEGIN_ALLOW_THREADS
        status = search_run(s, budget);
        Py_END_ALLOW_THREADS
        s->busy = 0;
        s->status = status;
        if (status != RUNNING) {
            /* the search is over: give its memory back at once */
            free(s->table);
            free(s->frames);
            free(s->moves);
            s->table = NULL;
            s->frames = NULL;
            s->moves = NULL;
            s->tcap = s->tcount = s->depth = s->fcap = s->mtop = s->mcap = 0;
        }
    }
    return PyLong_FromLong(s->status);
}

static PyObject *Search_line(Search *s, PyObject *Py_UNUSED(ignored))
{
    PyObject *out = PyList_New(0);
    if (!out || s->status != WON)
        return out;
    for (size_t x = 0; x < s->linelen; x++) {
        Step st = s->line[x];
        int dest = st.b == HOME ? -1 : st.b;
        PyObject *t;
        if (st.kind == 'c')
            t = Py_BuildValue("(siii)", "c", st.a, dest, st.c);
        else if (st.kind == 'w')
            t = Py_BuildValue("(sii)", "w", st.a, dest);
        else
            t = Py_BuildValue("(sii)", "f", st.a, dest);
        if (!t || PyList_Append(out, t) < 0) {
            Py_XDECREF(t);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(t);
    }
    return out;
}

static PyObject *Search_get_nodes(Search *s, void *Py_UNUSED(c)) { return PyLong_FromLongLong(s->nodes); }
static PyObject *Search_get_slots(Search *s, void *Py_UNUSED(c)) { return PyLong_FromSize_t(s->tcount); }

static PyMethodDef Search_methods[] = {
    {"run", (PyCFunction)Search_run, METH_O,
     "run(n) -> status: search about n more positions; 0 running, 1 won, 2 lost, 3 gave up"},
    {"line", (PyCFunction)Search_line, METH_NOARGS, "the winning line's steps, as the Python model writes them"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "positions searched", NULL},
    {"slots", (getter)Search_get_slots, NULL, "positions in the table", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "compendium.ai.patience._klondike_core.Search",
    .tp_doc = "Klondike's thoughtful search on one position (see klondike_solver.py)",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_klondike_core",
    "The compiled core of Klondike's thoughtful solver (klondike_solver.py)", -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__klondike_core(void)
{
    for (int c = 0; c < 64; c++)
        if (rank_of(c) >= 1 && rank_of(c) <= 12)
            ONTO[c] = (uint64_t)1 << (OPPOSITE[suit_of(c)][0] * 16 + rank_of(c) + 1)
                      | (uint64_t)1 << (OPPOSITE[suit_of(c)][1] * 16 + rank_of(c) + 1);
    uint64_t seed = 0x9e3779b97f4a7c15ULL;      /* splitmix64 from a fixed seed */
    for (int at = 0; at < MAXP; at++)
        for (int c = 0; c < 128; c++) {
            ZOBRIST1[at][c] = mix64(seed += 0x9e3779b97f4a7c15ULL);
            ZOBRIST2[at][c] = mix64(seed += 0x9e3779b97f4a7c15ULL);
        }
    if (PyType_Ready(&SearchType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "RUNNING", RUNNING);
    PyModule_AddIntConstant(m, "WON", WON);
    PyModule_AddIntConstant(m, "LOST", LOST);
    PyModule_AddIntConstant(m, "GAVE_UP", GAVE_UP);
    return m;
}
