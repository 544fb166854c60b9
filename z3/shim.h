// C side of the binding. Every constructor does the Z3 call, reads the error
// code and takes the reference in one cgo crossing: in a reference-counted
// context a result is held only until the next API call, and every API call
// (inc_ref included) resets the error code.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

// Kinds of owned handles, released by w_release.
enum { K_AST = 0, K_SOLVER = 1, K_MODEL = 2 };

// Take the reference on a fresh result, or return NULL if the call failed.
static inline Z3_ast fin(Z3_context c, Z3_ast r) {
	if (Z3_get_error_code(c) != Z3_OK || r == NULL) return NULL;
	Z3_inc_ref(c, r);
	return r;
}

static inline Z3_sort fin_sort(Z3_context c, Z3_sort s) {
	return (Z3_sort)fin(c, (Z3_ast)s);
}

// w_errmsg reports the error left by the last failing call.
static inline const char *w_errmsg(Z3_context c, int *code) {
	Z3_error_code e = Z3_get_error_code(c);
	*code = (int)e;
	if (e == Z3_OK) return "";
	return Z3_get_error_msg(c, e);
}

static inline Z3_context w_mk_context(void) {
	Z3_config cfg = Z3_mk_config();
	if (cfg == NULL) return NULL;
	Z3_context c = Z3_mk_context_rc(cfg);
	Z3_del_config(cfg);
	if (c != NULL) Z3_set_error_handler(c, NULL); // the default handler calls exit(1)
	return c;
}

static inline void w_release(Z3_context c, unsigned n, void **ps, const unsigned char *kinds) {
	for (unsigned i = 0; i < n; i++) {
		switch (kinds[i]) {
		case K_AST: Z3_dec_ref(c, (Z3_ast)ps[i]); break;
		case K_SOLVER: Z3_solver_dec_ref(c, (Z3_solver)ps[i]); break;
		case K_MODEL: Z3_model_dec_ref(c, (Z3_model)ps[i]); break;
		}
	}
}

// w_no_ctrl_c sets ctrl_c=false on s (see w_mk_solver) and returns the
// error code.
static inline int w_no_ctrl_c(Z3_context c, Z3_solver s) {
	Z3_params p = Z3_mk_params(c);
	if (Z3_get_error_code(c) != Z3_OK) return (int)Z3_get_error_code(c);
	Z3_params_inc_ref(c, p);
	Z3_params_set_bool(c, p, Z3_mk_string_symbol(c, "ctrl_c"), false);
	Z3_solver_set_params(c, s, p);
	int code = (int)Z3_get_error_code(c);
	Z3_params_dec_ref(c, p);
	return code;
}

// w_clear_interrupt forgets an interrupt that arrived while no check ran:
// Z3 keeps it and fails the next simplification or evaluation with
// "canceled" until a check starts, and a check clears it (measured on
// 4.8.12). So this runs a check of an empty solver.
static inline void w_clear_interrupt(Z3_context c) {
	Z3_solver s = Z3_mk_simple_solver(c);
	if (s == NULL) return;
	Z3_solver_inc_ref(c, s);
	if (w_no_ctrl_c(c, s) == Z3_OK) Z3_solver_check(c, s);
	Z3_solver_dec_ref(c, s);
}

// Sorts.
static inline Z3_sort w_bool_sort(Z3_context c) { return fin_sort(c, Z3_mk_bool_sort(c)); }
static inline Z3_sort w_int_sort(Z3_context c) { return fin_sort(c, Z3_mk_int_sort(c)); }
static inline Z3_sort w_bv_sort(Z3_context c, unsigned n) { return fin_sort(c, Z3_mk_bv_sort(c, n)); }
static inline Z3_sort w_array_sort(Z3_context c, Z3_sort d, Z3_sort r) { return fin_sort(c, Z3_mk_array_sort(c, d, r)); }
static inline Z3_sort w_get_sort(Z3_context c, Z3_ast a) { return fin_sort(c, Z3_get_sort(c, a)); }

// Constants and numerals.
static inline Z3_ast w_const(Z3_context c, const char *name, Z3_sort s) {
	return fin(c, Z3_mk_const(c, Z3_mk_string_symbol(c, name), s));
}
static inline Z3_ast w_fresh_const(Z3_context c, const char *prefix, Z3_sort s) {
	return fin(c, Z3_mk_fresh_const(c, prefix, s));
}
static inline Z3_ast w_int64(Z3_context c, int64_t v, Z3_sort s) { return fin(c, Z3_mk_int64(c, v, s)); }
static inline Z3_ast w_uint64(Z3_context c, uint64_t v, Z3_sort s) { return fin(c, Z3_mk_unsigned_int64(c, v, s)); }
static inline Z3_ast w_numeral(Z3_context c, const char *v, Z3_sort s) { return fin(c, Z3_mk_numeral(c, v, s)); }
static inline Z3_ast w_true(Z3_context c) { return fin(c, Z3_mk_true(c)); }
static inline Z3_ast w_false(Z3_context c) { return fin(c, Z3_mk_false(c)); }

// Operators, dispatched on an op code so Go needs one call site per arity.
enum {
	// unary
	OP_NOT, OP_NEG, OP_BVNOT, OP_BVNEG, OP_SIMPLIFY,
	// binary
	OP_IMPLIES, OP_IFF, OP_XOR, OP_EQ, OP_DIV, OP_MOD, OP_REM,
	OP_LT, OP_LE, OP_GT, OP_GE,
	OP_BVADD, OP_BVSUB, OP_BVMUL, OP_BVUDIV, OP_BVSDIV, OP_BVUREM, OP_BVSREM, OP_BVSMOD,
	OP_BVAND, OP_BVOR, OP_BVXOR, OP_BVSHL, OP_BVLSHR, OP_BVASHR,
	OP_BVULT, OP_BVULE, OP_BVUGT, OP_BVUGE, OP_BVSLT, OP_BVSLE, OP_BVSGT, OP_BVSGE,
	OP_CONCAT, OP_SELECT,
	// ternary
	OP_ITE, OP_STORE,
	// n-ary
	OP_AND, OP_OR, OP_ADD, OP_SUB, OP_MUL, OP_DISTINCT,
	// one unsigned parameter and one argument
	OP_ZEROEXT, OP_SIGNEXT, OP_INT2BV, OP_BV2INT, OP_ROTL, OP_ROTR,
	OP_COUNT
};

static inline Z3_ast w_op1(Z3_context c, int op, Z3_ast a) {
	Z3_ast r;
	switch (op) {
	case OP_NOT: r = Z3_mk_not(c, a); break;
	case OP_NEG: r = Z3_mk_unary_minus(c, a); break;
	case OP_BVNOT: r = Z3_mk_bvnot(c, a); break;
	case OP_BVNEG: r = Z3_mk_bvneg(c, a); break;
	case OP_SIMPLIFY: r = Z3_simplify(c, a); break;
	default: return NULL;
	}
	return fin(c, r);
}

static inline Z3_ast w_op2(Z3_context c, int op, Z3_ast a, Z3_ast b) {
	Z3_ast r;
	switch (op) {
	case OP_IMPLIES: r = Z3_mk_implies(c, a, b); break;
	case OP_IFF: r = Z3_mk_iff(c, a, b); break;
	case OP_XOR: r = Z3_mk_xor(c, a, b); break;
	case OP_EQ: r = Z3_mk_eq(c, a, b); break;
	case OP_DIV: r = Z3_mk_div(c, a, b); break;
	case OP_MOD: r = Z3_mk_mod(c, a, b); break;
	case OP_REM: r = Z3_mk_rem(c, a, b); break;
	case OP_LT: r = Z3_mk_lt(c, a, b); break;
	case OP_LE: r = Z3_mk_le(c, a, b); break;
	case OP_GT: r = Z3_mk_gt(c, a, b); break;
	case OP_GE: r = Z3_mk_ge(c, a, b); break;
	case OP_BVADD: r = Z3_mk_bvadd(c, a, b); break;
	case OP_BVSUB: r = Z3_mk_bvsub(c, a, b); break;
	case OP_BVMUL: r = Z3_mk_bvmul(c, a, b); break;
	case OP_BVUDIV: r = Z3_mk_bvudiv(c, a, b); break;
	case OP_BVSDIV: r = Z3_mk_bvsdiv(c, a, b); break;
	case OP_BVUREM: r = Z3_mk_bvurem(c, a, b); break;
	case OP_BVSREM: r = Z3_mk_bvsrem(c, a, b); break;
	case OP_BVSMOD: r = Z3_mk_bvsmod(c, a, b); break;
	case OP_BVAND: r = Z3_mk_bvand(c, a, b); break;
	case OP_BVOR: r = Z3_mk_bvor(c, a, b); break;
	case OP_BVXOR: r = Z3_mk_bvxor(c, a, b); break;
	case OP_BVSHL: r = Z3_mk_bvshl(c, a, b); break;
	case OP_BVLSHR: r = Z3_mk_bvlshr(c, a, b); break;
	case OP_BVASHR: r = Z3_mk_bvashr(c, a, b); break;
	case OP_BVULT: r = Z3_mk_bvult(c, a, b); break;
	case OP_BVULE: r = Z3_mk_bvule(c, a, b); break;
	case OP_BVUGT: r = Z3_mk_bvugt(c, a, b); break;
	case OP_BVUGE: r = Z3_mk_bvuge(c, a, b); break;
	case OP_BVSLT: r = Z3_mk_bvslt(c, a, b); break;
	case OP_BVSLE: r = Z3_mk_bvsle(c, a, b); break;
	case OP_BVSGT: r = Z3_mk_bvsgt(c, a, b); break;
	case OP_BVSGE: r = Z3_mk_bvsge(c, a, b); break;
	case OP_CONCAT: r = Z3_mk_concat(c, a, b); break;
	case OP_SELECT: r = Z3_mk_select(c, a, b); break;
	default: return NULL;
	}
	return fin(c, r);
}

static inline Z3_ast w_op3(Z3_context c, int op, Z3_ast a, Z3_ast b, Z3_ast d) {
	Z3_ast r;
	switch (op) {
	case OP_ITE: r = Z3_mk_ite(c, a, b, d); break;
	case OP_STORE: r = Z3_mk_store(c, a, b, d); break;
	default: return NULL;
	}
	return fin(c, r);
}

static inline Z3_ast w_opn(Z3_context c, int op, unsigned n, const Z3_ast *as) {
	Z3_ast r;
	switch (op) {
	case OP_AND: r = Z3_mk_and(c, n, as); break;
	case OP_OR: r = Z3_mk_or(c, n, as); break;
	case OP_ADD: r = Z3_mk_add(c, n, as); break;
	case OP_SUB: r = Z3_mk_sub(c, n, as); break;
	case OP_MUL: r = Z3_mk_mul(c, n, as); break;
	case OP_DISTINCT: r = Z3_mk_distinct(c, n, as); break;
	default: return NULL;
	}
	return fin(c, r);
}

static inline Z3_ast w_opu(Z3_context c, int op, unsigned u, Z3_ast a) {
	Z3_ast r;
	switch (op) {
	case OP_ZEROEXT: r = Z3_mk_zero_ext(c, u, a); break;
	case OP_SIGNEXT: r = Z3_mk_sign_ext(c, u, a); break;
	case OP_INT2BV: r = Z3_mk_int2bv(c, u, a); break;
	case OP_BV2INT: r = Z3_mk_bv2int(c, a, u != 0); break;
	case OP_ROTL: r = Z3_mk_rotate_left(c, u, a); break;
	case OP_ROTR: r = Z3_mk_rotate_right(c, u, a); break;
	default: return NULL;
	}
	return fin(c, r);
}

// w_extract validates the indices itself, so a bad request is an error code
// rather than whatever the plugin does with it. Returns NULL with *bad set.
static inline Z3_ast w_extract(Z3_context c, unsigned hi, unsigned lo, Z3_ast a, int *bad) {
	*bad = 0;
	Z3_sort s = Z3_get_sort(c, a);
	if (Z3_get_error_code(c) != Z3_OK) return NULL;
	if (Z3_get_sort_kind(c, s) != Z3_BV_SORT || hi < lo || hi >= Z3_get_bv_sort_size(c, s)) {
		*bad = 1;
		return NULL;
	}
	return fin(c, Z3_mk_extract(c, hi, lo, a));
}

static inline Z3_ast w_const_array(Z3_context c, Z3_sort d, Z3_ast v) { return fin(c, Z3_mk_const_array(c, d, v)); }

static inline Z3_func_decl w_func_decl(Z3_context c, const char *name, unsigned n, const Z3_sort *dom, Z3_sort rng) {
	return (Z3_func_decl)fin(c, (Z3_ast)Z3_mk_func_decl(c, Z3_mk_string_symbol(c, name), n, dom, rng));
}
static inline Z3_ast w_app(Z3_context c, Z3_func_decl f, unsigned n, const Z3_ast *as) { return fin(c, Z3_mk_app(c, f, n, as)); }
static inline Z3_ast w_substitute(Z3_context c, Z3_ast a, unsigned n, const Z3_ast *from, const Z3_ast *to) {
	return fin(c, Z3_substitute(c, a, n, from, to));
}

// Solvers.
//
// Every solver gets ctrl_c=false. By default Z3 installs its own SIGINT
// handler for each check (scoped_ctrl_c) and restores the previous one with
// signal(2), which drops the SA_ONSTACK flag of the Go runtime's handler:
// the next Ctrl-C, or one during a check, then kills the process with
// "non-Go code set up signal handler without SA_ONSTACK flag". With
// ctrl_c=false Z3 leaves signals to Go; whoop interrupts checks itself
// (Z3_interrupt through context cancellation).
// mode: 0 Z3_mk_solver, 1 Z3_mk_simple_solver, 2 the "smt" tactic as a
// solver (Z3_mk_solver_from_tactic).
static inline Z3_solver w_mk_solver(Z3_context c, int mode) {
	Z3_solver s = NULL;
	if (mode == 2) {
		Z3_tactic t = Z3_mk_tactic(c, "smt");
		if (Z3_get_error_code(c) != Z3_OK || t == NULL) return NULL;
		Z3_tactic_inc_ref(c, t);
		s = Z3_mk_solver_from_tactic(c, t);
		Z3_tactic_dec_ref(c, t);
	} else {
		s = mode == 1 ? Z3_mk_simple_solver(c) : Z3_mk_solver(c);
	}
	if (Z3_get_error_code(c) != Z3_OK || s == NULL) return NULL;
	Z3_solver_inc_ref(c, s);
	if (w_no_ctrl_c(c, s) != Z3_OK) {
		Z3_solver_dec_ref(c, s);
		return NULL;
	}
	return s;
}

// w_solver_limits sets timeout (ms, UINT_MAX = none), rlimit (0 = none)
// and, when relevancy >= 0, the SMT core's smt.relevancy.
static inline int w_solver_limits(Z3_context c, Z3_solver s, unsigned timeout, unsigned rlimit, int relevancy) {
	Z3_params p = Z3_mk_params(c);
	if (Z3_get_error_code(c) != Z3_OK) return 0;
	Z3_params_inc_ref(c, p);
	Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "timeout"), timeout);
	Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "rlimit"), rlimit);
	if (relevancy >= 0) Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "smt.relevancy"), (unsigned)relevancy);
	Z3_params_set_bool(c, p, Z3_mk_string_symbol(c, "ctrl_c"), false); // see w_mk_solver
	Z3_solver_set_params(c, s, p);
	int code = (int)Z3_get_error_code(c);
	Z3_params_dec_ref(c, p);
	return code;
}

// w_rlimit_count returns the solver statistics' "rlimit count" (Z3's
// resource counter of the context, cumulative), or 0 when absent.
static inline unsigned long long w_rlimit_count(Z3_context c, Z3_solver s) {
	Z3_stats st = Z3_solver_get_statistics(c, s);
	if (Z3_get_error_code(c) != Z3_OK) return 0;
	Z3_stats_inc_ref(c, st);
	unsigned long long v = 0;
	unsigned n = Z3_stats_size(c, st);
	for (unsigned i = 0; i < n; i++) {
		const char *k = Z3_stats_get_key(c, st, i);
		if (k && strcmp(k, "rlimit count") == 0) {
			v = Z3_stats_is_uint(c, st, i) ? Z3_stats_get_uint_value(c, st, i) : (unsigned long long)Z3_stats_get_double_value(c, st, i);
			break;
		}
	}
	Z3_stats_dec_ref(c, st);
	return v;
}

static inline int w_assert(Z3_context c, Z3_solver s, Z3_ast a) {
	Z3_solver_assert(c, s, a);
	return (int)Z3_get_error_code(c);
}
static inline int w_push(Z3_context c, Z3_solver s) {
	Z3_solver_push(c, s);
	return (int)Z3_get_error_code(c);
}
static inline int w_pop(Z3_context c, Z3_solver s, unsigned n) {
	Z3_solver_pop(c, s, n);
	return (int)Z3_get_error_code(c);
}
static inline int w_reset(Z3_context c, Z3_solver s) {
	Z3_solver_reset(c, s);
	return (int)Z3_get_error_code(c);
}

// w_check returns the Z3_lbool result and the error code in *code.
static inline int w_check(Z3_context c, Z3_solver s, unsigned n, const Z3_ast *as, int *code) {
	Z3_lbool r = n == 0 ? Z3_solver_check(c, s) : Z3_solver_check_assumptions(c, s, n, as);
	*code = (int)Z3_get_error_code(c);
	return (int)r;
}

// w_unsat_core copies the core (at most max terms, each inc_ref'd) into out
// and returns its size; a size above max means nothing was copied.
static inline int w_unsat_core(Z3_context c, Z3_solver s, unsigned max, Z3_ast *out, int *code) {
	Z3_ast_vector v = Z3_solver_get_unsat_core(c, s);
	*code = (int)Z3_get_error_code(c);
	if (*code != Z3_OK || v == NULL) return 0;
	Z3_ast_vector_inc_ref(c, v);
	unsigned n = Z3_ast_vector_size(c, v);
	if (n <= max) {
		for (unsigned i = 0; i < n; i++) {
			out[i] = Z3_ast_vector_get(c, v, i);
			Z3_inc_ref(c, out[i]);
		}
	}
	Z3_ast_vector_dec_ref(c, v);
	return (int)n;
}

static inline Z3_model w_get_model(Z3_context c, Z3_solver s) {
	Z3_model m = Z3_solver_get_model(c, s);
	if (Z3_get_error_code(c) != Z3_OK || m == NULL) return NULL;
	Z3_model_inc_ref(c, m);
	return m;
}

// Models. w_eval returns the value with a reference taken, or NULL.
static inline Z3_ast w_eval(Z3_context c, Z3_model m, Z3_ast t, int completion) {
	Z3_ast v = NULL;
	bool ok = Z3_model_eval(c, m, t, completion != 0, &v);
	if (Z3_get_error_code(c) != Z3_OK || !ok || v == NULL) return NULL;
	Z3_inc_ref(c, v);
	return v;
}

// Status codes of the value readers.
enum { V_OK = 0, V_ERROR = 1, V_NOVALUE = 2 };

static inline int w_model_bool(Z3_context c, Z3_model m, Z3_ast t, int *val) {
	Z3_ast v = w_eval(c, m, t, 1);
	if (v == NULL) return V_ERROR;
	Z3_lbool b = Z3_get_bool_value(c, v);
	Z3_dec_ref(c, v);
	if (b == Z3_L_UNDEF) return V_NOVALUE;
	*val = b == Z3_L_TRUE;
	return V_OK;
}

static inline int w_model_int64(Z3_context c, Z3_model m, Z3_ast t, int64_t *val) {
	Z3_ast v = w_eval(c, m, t, 1);
	if (v == NULL) return V_ERROR;
	int st = V_NOVALUE;
	if (Z3_get_ast_kind(c, v) == Z3_NUMERAL_AST && Z3_get_numeral_int64(c, v, val)) st = V_OK;
	Z3_dec_ref(c, v);
	return st;
}

// w_model_numeral returns the decimal value as a malloc'd string (caller
// frees) in *out.
static inline int w_model_numeral(Z3_context c, Z3_model m, Z3_ast t, char **out) {
	*out = NULL;
	Z3_ast v = w_eval(c, m, t, 1);
	if (v == NULL) return V_ERROR;
	int st = V_NOVALUE;
	if (Z3_get_ast_kind(c, v) == Z3_NUMERAL_AST) {
		Z3_sort_kind k = Z3_get_sort_kind(c, Z3_get_sort(c, v));
		if (k == Z3_INT_SORT || k == Z3_BV_SORT) {
			Z3_string s = Z3_get_numeral_string(c, v);
			if (Z3_get_error_code(c) == Z3_OK && s != NULL) {
				*out = strdup(s);
				st = *out != NULL ? V_OK : V_ERROR;
			}
		}
	}
	Z3_dec_ref(c, v);
	return st;
}
