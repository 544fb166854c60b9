/* gcc builtins that touch memory: atomics through their first argument,
 * overflow checks through their result, __builtin_ string functions as the
 * plain ones. */
struct d { int x; int y; char a[8]; char b[8]; } dv;

int atomics(int n)
{
	int e = 0;
	__sync_fetch_and_add(&dv.x, 1);                    // want "touch read atomic 4 &dv  ; dv.x" "touch write atomic 4 &dv  ; dv.x"
	__atomic_store_n(&dv.y, n, __ATOMIC_RELEASE);      // want "touch write atomic 4 &dv \\+ 4  ; dv.y"
	n = __atomic_load_n(&dv.y, __ATOMIC_ACQUIRE);      // want "touch read atomic 4 &dv \\+ 4  ; dv.y"
	__atomic_compare_exchange_n(&dv.x, &e, 2, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED); // want "touch write atomic 4 &dv  ; dv.x" "touch read 4 &e  ; e" "touch write 4 &e  ; e"
	__sync_lock_release(&dv.x);                        // want "touch write atomic 4 &dv  ; dv.x"
	return n + __builtin_add_overflow(n, 1, &dv.y);    // want "touch write 4 &dv \\+ 4  ; dv.y"
}

unsigned long strings(void)
{
	__builtin_strcpy(dv.a, dv.b);                      // want "touch write -1 &dv \\+ 8  ; __builtin_strcpy\\(dv.a\\)" "touch read -1 &dv \\+ 16  ; __builtin_strcpy\\(dv.b\\)"
	__builtin_memmove(dv.a, dv.b, 4);                  // want "touch write 4 &dv \\+ 8 len 4" "touch read 4 &dv \\+ 16 len 4"
	return __builtin_strlen(dv.a);                     // want "touch read -1 &dv \\+ 8  ; __builtin_strlen\\(dv.a\\)"
}
