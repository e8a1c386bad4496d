/* bigdist.c — exact distributions of dice expressions with GMP integers.
 *
 * Invariant: counts[i] is the number of outcomes giving min + i, le[i] the
 * number giving at most min + i, and le[n-1] == total, the product of every
 * term's S^N. A sum of N dice is the polynomial (1 + x + ... + x^(S-1))^N:
 * its coefficients are packed into one integer, each in a slot of B bits (a
 * whole number of limbs, B above the bits of the total, so no slot carries
 * into the next) and raised to the N-th power by GMP (Kronecker
 * substitution: GMP's multiplication then does the convolutions). Two terms
 * are convolved the same way (one product). Keeping the K highest (lowest)
 * runs over the faces from the best: the first K dice placed are the kept
 * ones, and once K are placed the others take any worse face, a count of
 * ways that depends only on how many were placed, not on the sum. */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/bigdist.h"
#include "i18n.h"

#define WORK_LIMIT_BITS (UINT64_C(1) << 28)

struct grog_bigdist {
    int min, n;
    mpz_t total;
    mpz_t *counts; /* n */
    mpz_t *le;     /* n, cumulative */
};

/* A polynomial with big coefficients: c[i] is the weight of min + i. */
typedef struct poly {
    int min, n;
    mpz_t *c;
} poly;

static int poly_init(poly *p, int min, int n)
{
    p->min = min;
    p->n = n;
    p->c = malloc(sizeof p->c[0] * (size_t)n);
    if (p->c == NULL)
        return 0;
    for (int i = 0; i < n; i++)
        mpz_init(p->c[i]);
    return 1;
}

static void poly_clear(poly *p)
{
    for (int i = 0; p->c != NULL && i < p->n; i++)
        mpz_clear(p->c[i]);
    free(p->c);
    p->c = NULL;
}

static grog_status too_large(grog_error *err, const char *text)
{
    return grog_error_set(err, GROG_ERANGE,
                          _("%s is too large for exact odds: its values times the bits of its "
                            "outcomes pass 2^28"),
                          text);
}

/* Limbs per slot for coefficients below 2^bits. */
static size_t slot_limbs(size_t bits)
{
    return (bits + 1 + GMP_NUMB_BITS - 1) / GMP_NUMB_BITS;
}

/* Packs p's coefficients into z, `limbs` limbs each. */
static void pack(mpz_t z, const poly *p, size_t limbs)
{
    mp_limb_t *w = mpz_limbs_write(z, (mp_size_t)(limbs * (size_t)p->n));
    memset(w, 0, sizeof *w * limbs * (size_t)p->n);
    for (int i = 0; i < p->n; i++) {
        size_t k = mpz_size(p->c[i]);
        if (k > 0)
            memcpy(w + limbs * (size_t)i, mpz_limbs_read(p->c[i]), sizeof *w * k);
    }
    mpz_limbs_finish(z, (mp_size_t)(limbs * (size_t)p->n));
}

/* Unpacks z's first p->n slots into p's coefficients. */
static void unpack(poly *p, const mpz_t z, size_t limbs)
{
    const mp_limb_t *r = mpz_limbs_read(z);
    size_t have = mpz_size(z);
    for (int i = 0; i < p->n; i++) {
        size_t from = limbs * (size_t)i;
        size_t k = from >= have ? 0 : (have - from < limbs ? have - from : limbs);
        if (k == 0) {
            mpz_set_ui(p->c[i], 0);
            continue;
        }
        mp_limb_t *w = mpz_limbs_write(p->c[i], (mp_size_t)k);
        memcpy(w, r + from, sizeof *w * k);
        mpz_limbs_finish(p->c[i], (mp_size_t)k);
    }
}

/* The bits of S^N. */
static size_t space_bits(int count, int sides)
{
    mpz_t s;
    mpz_init(s);
    mpz_ui_pow_ui(s, (unsigned long)sides, (unsigned long)count);
    size_t bits = mpz_sizeinbase(s, 2);
    mpz_clear(s);
    return bits;
}

static int work_fits(size_t values, size_t limbs)
{
    return (uint64_t)values * limbs * GMP_NUMB_BITS <= WORK_LIMIT_BITS;
}

/* The sum of all N dice: (1 + ... + x^(S-1))^N, shifted by N. */
static int sum_all(const grog_dice_term *t, poly *out)
{
    int n = t->count * (t->sides - 1) + 1;
    size_t limbs = slot_limbs(space_bits(t->count, t->sides));
    poly base = {0, t->sides, NULL};
    if (!poly_init(&base, 0, t->sides))
        return 0;
    for (int i = 0; i < t->sides; i++)
        mpz_set_ui(base.c[i], 1);
    mpz_t z;
    mpz_init(z);
    pack(z, &base, limbs);
    poly_clear(&base);
    mpz_pow_ui(z, z, (unsigned long)t->count);
    int ok = poly_init(out, t->count, n);
    if (ok)
        unpack(out, z, limbs);
    mpz_clear(z);
    return ok;
}

/* The kept K of N: ways[j][s] over j < K dice placed (kept sum s); at each
 * face f, c more dice take f; when j + c reaches K the rest take worse
 * faces: rest(j, f) = sum over c >= K - j of C(N-j, c) worse^(N-j-c). */
static int sum_kept(const grog_dice_term *t, poly *out)
{
    int N = t->count, S = t->sides, K = t->kept, width = K * S + 1;
    int high = t->keep == GROG_KEEP_HIGHEST;
    mpz_t *ways = malloc(sizeof *ways * (size_t)K * (size_t)width);
    mpz_t *next = malloc(sizeof *next * (size_t)K * (size_t)width);
    mpz_t *fin = malloc(sizeof *fin * (size_t)width);
    mpz_t rest, term, bin;
    int ok = ways != NULL && next != NULL && fin != NULL;
    if (!ok)
        goto done;
    for (int i = 0; i < K * width; i++) {
        mpz_init(ways[i]);
        mpz_init(next[i]);
    }
    for (int i = 0; i < width; i++)
        mpz_init(fin[i]);
    mpz_inits(rest, term, bin, NULL);
    mpz_set_ui(ways[0], 1);
    for (int step = 0; step < S; step++) {
        int f = high ? S - step : step + 1;
        unsigned long worse = (unsigned long)(high ? f - 1 : S - f);
        for (int i = 0; i < K * width; i++)
            mpz_set_ui(next[i], 0);
        for (int j = 0; j < K; j++) {
            mpz_set_ui(rest, 0);
            for (int c = K - j; c <= N - j; c++) {
                mpz_bin_uiui(bin, (unsigned long)(N - j), (unsigned long)c);
                mpz_ui_pow_ui(term, worse, (unsigned long)(N - j - c));
                mpz_addmul(rest, bin, term);
            }
            for (int s = 0; s <= j * S; s++) {
                mpz_srcptr w = ways[j * width + s];
                if (mpz_sgn(w) == 0)
                    continue;
                mpz_addmul(fin[s + (K - j) * f], w, rest);
                for (int c = 0; j + c < K; c++) {
                    mpz_bin_uiui(bin, (unsigned long)(N - j), (unsigned long)c);
                    mpz_addmul(next[(j + c) * width + s + c * f], w, bin);
                }
            }
        }
        mpz_t *tmp = ways;
        ways = next;
        next = tmp;
    }
    ok = poly_init(out, K, width - K);
    for (int i = 0; ok && i < out->n; i++)
        mpz_set(out->c[i], fin[K + i]);
    for (int i = 0; i < K * width; i++) {
        mpz_clear(ways[i]);
        mpz_clear(next[i]);
    }
    for (int i = 0; i < width; i++)
        mpz_clear(fin[i]);
    mpz_clears(rest, term, bin, NULL);
done:
    free(ways);
    free(next);
    free(fin);
    return ok;
}

/* a * b into out (a Kronecker product), totals below 2^bits. */
static int convolve(const poly *a, const poly *b, size_t bits, poly *out)
{
    size_t limbs = slot_limbs(bits);
    mpz_t za, zb;
    mpz_inits(za, zb, NULL);
    pack(za, a, limbs);
    pack(zb, b, limbs);
    mpz_mul(za, za, zb);
    int ok = poly_init(out, a->min + b->min, a->n + b->n - 1);
    if (ok)
        unpack(out, za, limbs);
    mpz_clears(za, zb, NULL);
    return ok;
}

static void negate(poly *p)
{
    for (int i = 0, j = p->n - 1; i < j; i++, j--)
        mpz_swap(p->c[i], p->c[j]);
    p->min = -(p->min + p->n - 1);
}

static grog_status no_memory(grog_error *err)
{
    return grog_error_set(err, GROG_ENOMEM, _("out of memory computing a distribution"));
}

/* Refuses expressions past the work limit before computing anything. */
static grog_status check_work(const grog_dice_expr *e, grog_error *err)
{
    size_t bits = 0, values = 1;
    for (int i = 0; i < e->nterms; i++) {
        const grog_dice_term *t = &e->terms[i];
        bits += space_bits(t->count, t->sides);
        values += (size_t)t->kept * (size_t)(t->sides - 1);
        size_t kept_work = t->keep == GROG_KEEP_ALL
                               ? 0
                               : (size_t)t->sides * (size_t)t->kept * (size_t)t->kept *
                                     (size_t)t->sides * slot_limbs(bits);
        if (!work_fits(values, slot_limbs(bits)) || kept_work > WORK_LIMIT_BITS / 64) {
            char text[512];
            return too_large(err, grog_dice_expr_format(e, text, sizeof text));
        }
    }
    return GROG_OK;
}

static grog_status build(const grog_dice_expr *e, poly *acc, grog_error *err)
{
    size_t bits = 0;
    for (int i = 0; i < e->nterms; i++) {
        const grog_dice_term *t = &e->terms[i];
        poly term = {0, 0, NULL};
        int ok = t->keep == GROG_KEEP_ALL ? sum_all(t, &term) : sum_kept(t, &term);
        if (!ok) {
            poly_clear(&term);
            return no_memory(err);
        }
        if (t->sign < 0)
            negate(&term);
        bits += space_bits(t->count, t->sides);
        if (i == 0) {
            *acc = term;
            continue;
        }
        poly prod = {0, 0, NULL};
        ok = convolve(acc, &term, bits, &prod);
        poly_clear(&term);
        poly_clear(acc);
        *acc = prod;
        if (!ok)
            return no_memory(err);
    }
    acc->min += e->modifier;
    return GROG_OK;
}

grog_status grog_bigdist_of_expr(const grog_dice_expr *e, grog_bigdist **out, grog_error *err)
{
    grog_status st = check_work(e, err);
    if (st != GROG_OK)
        return st;
    poly acc = {0, 0, NULL};
    st = build(e, &acc, err);
    if (st != GROG_OK) {
        poly_clear(&acc);
        return st;
    }
    grog_bigdist *d = calloc(1, sizeof *d);
    mpz_t *le = malloc(sizeof *le * (size_t)acc.n);
    if (d == NULL || le == NULL) {
        free(d);
        free(le);
        poly_clear(&acc);
        return no_memory(err);
    }
    d->min = acc.min;
    d->n = acc.n;
    d->counts = acc.c;
    d->le = le;
    for (int i = 0; i < d->n; i++) {
        mpz_init(le[i]);
        if (i > 0)
            mpz_set(le[i], le[i - 1]);
        mpz_add(le[i], le[i], d->counts[i]);
    }
    mpz_init_set(d->total, le[d->n - 1]);
    *out = d;
    return GROG_OK;
}

void grog_bigdist_destroy(grog_bigdist *d)
{
    if (d == NULL)
        return;
    for (int i = 0; i < d->n; i++) {
        mpz_clear(d->counts[i]);
        mpz_clear(d->le[i]);
    }
    free(d->counts);
    free(d->le);
    mpz_clear(d->total);
    free(d);
}

int grog_bigdist_min(const grog_bigdist *d)
{
    return d->min;
}

int grog_bigdist_max(const grog_bigdist *d)
{
    return d->min + d->n - 1;
}

int grog_bigdist_fits64(const grog_bigdist *d)
{
    return mpz_sizeinbase(d->total, 2) <= 63;
}

static char *text_of(const mpz_t z)
{
    char *s = malloc(mpz_sizeinbase(z, 10) + 2);
    return s == NULL ? NULL : mpz_get_str(s, 10, z);
}

char *grog_bigdist_total_text(const grog_bigdist *d)
{
    return text_of(d->total);
}

/* The number of outcomes with X cmp target, into r. */
static void count_cmp(const grog_bigdist *d, grog_cmp cmp, int target, mpz_t r)
{
    /* at_most(v) = le[v - min], clamped */
    long lo = (long)target - 1, hi = (long)target; /* X <= lo and X <= hi */
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    long ia = lo - d->min, ib = hi - d->min;
    if (ia >= 0)
        mpz_set(a, d->le[ia >= d->n ? d->n - 1 : ia]);
    if (ib >= 0)
        mpz_set(b, d->le[ib >= d->n ? d->n - 1 : ib]);
    switch (cmp) {
    case GROG_CMP_LT: mpz_set(r, a); break;
    case GROG_CMP_LE: mpz_set(r, b); break;
    case GROG_CMP_EQ: mpz_sub(r, b, a); break;
    case GROG_CMP_GE: mpz_sub(r, d->total, a); break;
    case GROG_CMP_GT: mpz_sub(r, d->total, b); break;
    }
    mpz_clears(a, b, NULL);
}

char *grog_bigdist_count_text(const grog_bigdist *d, int v)
{
    mpz_t r;
    mpz_init(r);
    count_cmp(d, GROG_CMP_EQ, v, r);
    char *s = text_of(r);
    mpz_clear(r);
    return s;
}

char *grog_bigdist_p_text(const grog_bigdist *d, grog_cmp cmp, int target)
{
    mpz_t r;
    mpz_init(r);
    count_cmp(d, cmp, target, r);
    size_t len = mpz_sizeinbase(r, 10) + mpz_sizeinbase(d->total, 10) + 3;
    char *s = malloc(len);
    if (s != NULL) {
        mpz_get_str(s, 10, r);
        size_t k = strlen(s);
        s[k] = '/';
        mpz_get_str(s + k + 1, 10, d->total);
    }
    mpz_clear(r);
    return s;
}

static double ratio(const mpz_t num, const mpz_t den)
{
    mpq_t q;
    mpq_init(q);
    mpq_set_num(q, num);
    mpq_set_den(q, den);
    mpq_canonicalize(q);
    double v = mpq_get_d(q);
    mpq_clear(q);
    return v;
}

double grog_bigdist_p_value(const grog_bigdist *d, grog_cmp cmp, int target)
{
    mpz_t r;
    mpz_init(r);
    count_cmp(d, cmp, target, r);
    double v = ratio(r, d->total);
    mpz_clear(r);
    return v;
}

/* The k-th moment about zero, sum v^k count(v) / total, into q. */
static void moment(const grog_bigdist *d, int k, mpq_t q)
{
    mpz_t sum, w;
    mpz_inits(sum, w, NULL);
    for (int i = 0; i < d->n; i++) {
        mpz_set_si(w, d->min + i);
        if (k == 2)
            mpz_mul_si(w, w, d->min + i);
        mpz_addmul(sum, w, d->counts[i]);
    }
    mpq_set_num(q, sum);
    mpq_set_den(q, d->total);
    mpq_canonicalize(q);
    mpz_clears(sum, w, NULL);
}

static void variance(const grog_bigdist *d, mpq_t var)
{
    mpq_t m;
    mpq_init(m);
    moment(d, 1, m);
    moment(d, 2, var);
    mpq_mul(m, m, m);
    mpq_sub(var, var, m);
    mpq_clear(m);
}

static char *frac_text(const mpq_t q)
{
    char *s = malloc(mpz_sizeinbase(mpq_numref(q), 10) + mpz_sizeinbase(mpq_denref(q), 10) + 3);
    return s == NULL ? NULL : mpq_get_str(s, 10, q);
}

char *grog_bigdist_mean_text(const grog_bigdist *d)
{
    mpq_t q;
    mpq_init(q);
    moment(d, 1, q);
    char *s = frac_text(q);
    mpq_clear(q);
    return s;
}

char *grog_bigdist_variance_text(const grog_bigdist *d)
{
    mpq_t q;
    mpq_init(q);
    variance(d, q);
    char *s = frac_text(q);
    mpq_clear(q);
    return s;
}

double grog_bigdist_mean(const grog_bigdist *d)
{
    mpq_t q;
    mpq_init(q);
    moment(d, 1, q);
    double v = mpq_get_d(q);
    mpq_clear(q);
    return v;
}

double grog_bigdist_variance(const grog_bigdist *d)
{
    mpq_t q;
    mpq_init(q);
    variance(d, q);
    double v = mpq_get_d(q);
    mpq_clear(q);
    return v;
}
