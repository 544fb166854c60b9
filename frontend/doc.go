// Package frontend turns one C driver file into an *ir.Program: the only
// thing every later analysis reads.
//
// It receives a path and a Config (-I, -D, -U, the volatile switch) and
// returns the program, or an *InputError (exit code 3) listing
// "file:line:col: message" diagnostics when the input cannot be analysed:
// unreadable or empty file, binary data, preprocessor, syntax or type
// errors (several when cc/v4 reports several), a missing header ("FILE:LINE:
// no model for <linux/foo.h>: add it under models/include or pass -I DIR"),
// or a construct the front end does not support. Any other error is
// internal (exit code 4): a panic in a pass, in cc/v4 or in lowering, is
// recovered and returned as "internal error in pass P at F file:line".
//
// # Pipeline
//
// Passes (an ordered table, as cmd/compile's; LoadUntil stops after one):
//
//	parse     preprocess, parse and type-check with modernc.org/cc/v4
//	lower     C AST -> IR; model-header helpers are still calls
//	inline    splice the bodies of functions defined in model headers
//	callbacks a kernel function that calls a driver callback before it
//	          returns (models.SyncCallbackFor) becomes a loop calling it
//	          (callbacks.go)
//	entry     entry points (package frontend/entry)
//	dead      drop static functions nothing live reaches (dead.go)
//	regions   memory regions and indirect-call targets (frontend/regions)
//	validate  ir.Validate
//
// Parsing is hermetic: cc/v4 gets a hand-built LP64 x86_64 configuration
// (no host compiler) and a file system holding only the embedded model
// headers (under the virtual directory "<whoop>/include"), the driver's own
// directory and the -I directories; host headers are never read. -I
// directories come before the models; quoted includes search the
// includer's directory first. Predefined macros are models.Predefined,
// KBUILD_MODNAME from the file name (models.DefineModName), then every -D,
// then every -U. Every file read from disk gets GNU named variadic macros
// ("#define M(fmt, args...) f(fmt, ## args)") rewritten to the standard
// form, which cc/v4 expands correctly, keeping every newline in place.
// A file-scope _Static_assert(1, "") follows the driver as a separate
// source: it stops a cc/v4 parser loop on input that ends inside a pointer
// declarator; errors it meets are reported at the driver's last line as
// "unexpected end of file". Macro expansion is bounded (2M tokens of work;
// the shared drivers need at most 300k), so hostile macros cannot expand
// exponentially.
//
// # Lowering conventions
//
//   - Scalar locals and parameters whose address is never taken are
//     *ir.Var; aggregates and address-taken locals live in Function.Frame
//     as LocalObj (parameters are copied in at entry). Static locals are
//     GlobalObj named "func.name". Uninitialised scalar locals get a Havoc
//     at their declaration; a variable some path reads before assigning (a
//     goto or switch jumping over its declaration) is havocked at entry.
//   - Every Int variable has its C type (CType), temporaries included: a
//     temporary holding (struct foo *)data has type struct foo *. A cast
//     to another pointer type always goes through such a temporary.
//   - Every Load and Store has the scalar's Size, the C lvalue text
//     printed from the syntax tree ("file->f_pos", "buf[i]", "*ppos"; a
//     READ_ONCE-style *(volatile T *)&x prints as x), the struct and
//     ".member" of the last member selection, a unique Site and the
//     lvalue's position. Positions of macro-expanded code are the position
//     of the outermost macro name (cc/v4).
//   - Pointer arithmetic is scaled by the element size (1 for void and
//     functions, as GNU C). Array indexing is base + index*size.
//   - Bit-fields are accessed through their storage unit: a load of the
//     unit, then a shift and a mask (sign-extended for signed fields); a
//     store loads the unit, inserts the field and stores the whole unit;
//     that load is marked RMW ("load rmw"): the race check counts it as
//     part of the write, which is what the source does.
//   - Struct and union copies (assignment, initialisation, arguments,
//     results) are a Load and a Store per scalar cell. A union copies its
//     first member that spans the whole union; arrays with more than 16
//     cells, and unions without such a member, are copied as a Touch read
//     and a Touch write of the byte range.
//   - A struct argument is copied by the caller into a fresh frame object
//     whose address is passed; the callee's parameter variable holds that
//     address (C type: pointer to the struct) and the callee copies it
//     into its own frame object at entry. A function returning a struct
//     copies the value into its frame object "return" and returns that
//     address (Ret's C type is a pointer to the struct); the caller reads
//     the fields from it right after the call. An external function
//     returning a struct yields a frame object with arbitrary contents.
//   - Static initialisers are Object.Init: one cell per explicitly
//     initialised scalar, with its offset, C designator path (".fops",
//     ".driver.pm", "[2].name") and value (a constant, or the address of an
//     object or function, plus an offset). Cells not listed are zero.
//     Bit-fields sharing a storage unit are merged into one cell. A GNU
//     range designator ([lo ... hi] = v) gives one cell per element (at
//     most 65536; more is an unsupported-construct error). Automatic
//     initialisers become stores: cells the initialiser does not mention
//     are zeroed first (large arrays with one Touch write), then each
//     initialiser is evaluated and stored in source order. Compound
//     literals are fresh frame objects (global objects in static
//     initialisers). String literals are read-only StringObj objects,
//     shared between equal literals.
//   - && and || short-circuit as control flow; so do ?: and the GNU a ?: b
//     (a evaluated once). A switch compares the tag with each case in
//     source order (a range lo ... hi as lo <= tag && tag <= hi), then goes
//     to default, wherever it is; cases fall through. goto, labels, break,
//     continue and every loop become edges of the control-flow graph.
//     A computed goto (goto *p) may reach any label whose address is taken
//     (&&label is a distinct number per label).
//   - Calls to functions defined in the driver are ordinary calls. Calls to
//     functions defined in model headers (static inline helpers: list_add,
//     netdev_priv, dev_get_drvdata, ...) are inlined by the inline pass at
//     every driver call site, recursively, with every statement positioned
//     at the call site and every lvalue text suffixed " (in helper)".
//     Recursive helpers and helpers larger than 4000 statements stay calls,
//     as do helpers whose address is taken (those are kept as functions).
//   - A call through a pointer is Call{Fn: expr} with no Targets (the region
//     pass resolves them); taking a function's address yields the
//     *ir.Function. Calls to a defined variadic function pass only its named
//     parameters (the others are evaluated; va_arg yields arbitrary
//     values).
//   - Before a call to a kernel helper listed in models.HelperFor, one
//     Touch per memory effect: the pointer argument, its length (the length
//     argument, the pointee's size, a constant, or unknown: Size -1), the
//     table's mode, and an lvalue text ("d->refs" for &d->refs with the
//     pointee's size, else "memcpy(d->buf)"). The Call itself stays.
//   - A call to a noreturn function (attribute noreturn, or a NoReturn
//     helper such as panic) ends its block with Unreachable; so do
//     __builtin_unreachable and __builtin_trap.
//   - A call to an undeclared function makes it an external, Synthetic
//     function, with the warning "implicit declaration of function 'foo'".
//   - Functions are ordered: defined functions in source order, then
//     externals by name. Objects: file-scope objects in declaration order,
//     then static locals, compound literals and strings in creation order.
//     Program.Sources holds the driver file and every other file read from
//     disk, as they are on disk.
//
// # Soundness assumptions
//
// Each of these can hide or invent behaviour; they are listed so that
// users can judge a verdict.
//
//   - Integers are mathematical: no overflow, wrap-around or truncation is
//     modelled, and integer casts do not change values (a cast to _Bool
//     normalises to 0 or 1). Signedness is ignored by comparisons.
//     Config.ExactInts (--no-assume ideal-ints) drops this: operations
//     that can overflow and narrowing or sign-changing conversions wrap as
//     C's do, and comparison operands are converted to their common type
//     (ints.go).
//   - Floating-point values are arbitrary: every float constant, operation
//     and conversion to or from a float gives a fresh havocked value.
//   - Inline assembly is not modelled: its input operands are evaluated
//     (their reads happen; a struct or array operand is read whole), each
//     output operand gets an arbitrary value (a plain store for a memory
//     operand, one per cell of a struct or array), and asm goto may jump to any of
//     its labels. Memory the instructions touch otherwise is not seen.
//   - An access through a volatile-qualified lvalue is marked (as
//     READ_ONCE/WRITE_ONCE), so it cannot race under the kernel memory
//     model; Config.VolatilePlain treats such accesses as plain instead.
//   - The helper table's atomic accesses (atomic_t operations, atomic bit
//     operations) are marked too (ir.Atomic: two marked accesses never
//     race, tools/memory-model's definition of a data race);
//     Config.AtomicsPlain (--no-assume marked-atomics) makes them plain.
//   - The struct layout is cc/v4's: __attribute__((packed)) is ignored, so
//     offsets in packed structs differ from gcc's (member identity, used by
//     the region pass, is unaffected).
//   - Extra arguments of a call to a defined variadic function are dropped
//     after evaluation; va_arg returns arbitrary values.
//   - Large aggregates copied or zeroed as a byte range (Touch) lose their
//     values: later reads of those cells are arbitrary.
//   - Floating-point static initialisers are ignored (with a warning).
//   - Kernel helpers absent from models.HelperFor touch no driver memory.
//   - Only the driver's directory and -I directories are read from disk; an
//     include that escapes them ("../x.h" from the driver's directory) is
//     a missing header unless its directory is passed with -I.
package frontend
