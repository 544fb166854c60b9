// Package regions is the front end's memory analysis. It receives a lowered
// *ir.Program with its entry points (prog.EntryPoints) and returns, in
// place: prog.Regions, the Region of every Load, Store and Touch (a Touch
// spanning several regions becomes one Touch per region, same address and
// length, fresh site), the Targets of every indirect call (sorted by name)
// and the ArgTargets of every call to an external function.
//
// # Method
//
// A field-sensitive, unification-based points-to analysis (Steensgaard
// style, in the spirit of DSA/SeaDSA and SMACK's split memory) over the
// whole program, context-insensitive, near-linear (union-find with offsets
// and path compression). Abstract nodes hold cells (byte ranges accessed as
// one unit, each with the pointer value stored in it); a pointer value is a
// node and an offset. Every Int variable of pointer type or 64-bit integer
// type may carry a pointer; narrower integers cannot hold an x86-64 kernel
// address and carry none.
//
//   - Assignment, load, store, call and return unify pointer values; a
//     constant added to a pointer moves its offset. Unifying two values of
//     one node at different offsets makes the node periodic (folded): when
//     they lie in two array or struct members of one struct (a helper's
//     u8 *buf called with two member buffers), only the span of those
//     members, since a pointer walks only the member it starts in (A4);
//     likewise when they are the starts of two scalar members (a helper's
//     u16 *val called with &chip->lux and &chip->ir), which is exact for
//     the accesses through them no wider than the smaller member, until
//     arithmetic or a constant moves such a pointer or a wider access goes
//     through it: then, as otherwise, the innermost aggregate holding
//     both, as for arithmetic.
//   - Cells: overlapping accesses merge into one cell (their pointees
//     unify). Arrays are folded modulo their element size, from the C types
//     known for a node (object types, pointer types of variables holding
//     pointers into it, the struct of an access); p + i*k with non-constant
//     i folds modulo k the innermost struct or array around p (A4) unless
//     an array fold already covers it, and a constant in the index moves
//     the pointer within that array (&a[i - 1] folds a, not the member
//     before it). Pointers hidden in other
//     arithmetic (masks, shifts) collapse their node if the result is used
//     as a pointer. A pointer difference is an integer (C defines it only
//     within one object).
//   - Regions: one per cell that an access names (a scalar field, a field
//     of an embedded struct, a folded array element) or one for a collapsed
//     node; bytes only helpers touch form gap cells, one region per group
//     of overlapping such bytes.
//
// # Kernel memory and canonical nodes
//
// A node is kernel-visible when the kernel can hand the driver pointers
// into it: entry-point parameters (unless fresh or user), results of
// unknown external functions, memory escaped to the kernel (passed to an
// unknown external function, stored into kernel-visible memory, returned by
// an entry point, passed through an unresolved indirect call), extern
// globals, and everything a kernel-visible node points to (the kernel may
// have stored any pointer there). Read-only storage (string literals, const
// globals) never becomes kernel-visible: pointers to it cannot be used to
// write it, so reads through them cannot race.
//
//   - Type rule: in a kernel-visible node, an object of struct type S that
//     no bigger struct of the node contains is the canonical node of S:
//     one node for all objects of type S the kernel may hand over. This is
//     what makes container_of work: the work handler's
//     struct work_struct * is canonical work_struct; moved by -offsetof and
//     used as struct priv *, the priv is uncontained (it starts before the
//     work_struct), so canonical priv is unified there, with work_struct
//     embedded at its offset. Likewise timer data cast to a pointer,
//     list_entry, inode->i_cdev, file->private_data, dev_get_drvdata, and
//     netdev_priv's dev + ALIGN(sizeof(struct net_device)) (canonical
//     net_device with the private struct appended).
//   - A struct the driver hands to the kernel as S* (a parameter or stored
//     pointer of static type S*) joins the canonical S if the driver ever
//     receives S* from the kernel (canonical S exists): INIT_WORK(&p->work)
//     puts the work handler's work_struct inside the driver's struct. When
//     the struct is embedded in a bigger object of its node (&pdev->dev,
//     &ndev->dev as struct device *), its bytes become the canonical S's
//     through a view (views.go) and the container stays its own node: the
//     two sides keep the same cells, pointer values and folds, and the
//     container's cells there name the canonical node's regions. Unifying
//     instead stacked every such container on the canonical node at
//     shifted offsets, which folded and collapsed them. A view that cannot
//     be mirrored exactly (a cell or fold crossing the embedded bounds, a
//     collapsed side, nested or cyclic views) is unified as before. Such
//     bytes are named (and their locks identified) in the container when
//     one container views them ("struct wdt.wdd.timeout"), after the
//     canonical struct when several do ("struct device.driver_data"). A
//     pointer handed over untyped (void *, unsigned long: timer data, irq
//     dev_id) may come back as any type: every struct object starting
//     where it points joins its canonical node, if one exists
//     (setup_timer(t, fn, (unsigned long)&p->sub) and a handler casting
//     data to struct sub *).
//   - Kernel slots (slots.go): a void * member of a kernel struct
//     (queuedata, private_data) that the driver stores S* into and reads
//     back as T* gives a T, the canonical one: a struct pointer stored
//     there escapes (its objects join their canonical nodes) rather than
//     being unified with the member's other contents, so a host in one
//     queue's queuedata and a port embedded in it in another's do not
//     fold the host. A slot also read untyped (into void *, by a copy)
//     keeps one link for everything stored there, as any cell does; a
//     load into a void * temporary only copied into struct pointers (an
//     inlined dev_get_drvdata) is a load into those struct pointers.
//     A struct S * stored into a slot escapes as an S, not as every
//     struct starting where it points, unless the program reads that
//     slot member as a pointer to another struct starting there (hpilo's
//     ccb_data and the struct ccb at its start): A13 below.
//   - Scalar rule: kernel-visible memory of a node without struct objects
//     is the external memory of its scalar type ("external char": one node
//     per integer size, one for pointers, one per floating type); memory
//     of pointers to a struct S is its own node per S ("external struct
//     attribute_group *", A11), the rest of pointer memory one node.
//   - Fresh allocations (models: ReturnsFresh), frame objects and the
//     pointees of fresh entry-point parameters (ir.ParamFresh) start as
//     their own nodes and only become kernel-visible by flow. Globals are
//     one node each; a global struct whose address reaches the kernel joins
//     its canonical node.
//   - Memory nothing accounts for (read through pointers of unknown origin:
//     parameters of functions only the kernel calls, uninitialised memory)
//     is treated as kernel-visible at the end of the fixpoint.
//
// Thread-local: a node whose storage is only frame objects, fresh
// allocations and fresh-parameter pointees, which is neither kernel-visible
// nor reachable from a global, kernel or otherwise shared node. Read-only:
// string literals and const globals that no access writes.
//
// Helpers: the models helper table (models.HelperFor) says which kernel
// functions keep no pointer (NoEscape), return fresh memory, return an
// argument, or copy memory (memcpy: the pointees stored in the source cells
// unify with those of the corresponding destination cells). Locking
// functions (models.Lock) keep no pointer either. A struct passed by value
// gives the kernel its contents, not the caller's copy.
//
// An object into which the driver stores one of its own functions escapes
// (constraints.go): that is how the kernel calls the function back with
// the object, whatever call hands the object over. The case that needs it
// is a wait entry with the driver's wake function
// (init_waitqueue_func_entry, DEFINE_WAIT_FUNC): the NoEscape rows for
// queuing it (add_wait_queue, prepare_to_wait) would keep it thread-local
// on the stack or in a fresh allocation, and the wake function's accesses
// to its container could not race with the sleeper's. The function is
// named in the store, or the store of a function pointer variable is where
// the entry-point pass registered one (a helper that sets func from its
// parameter). Stores into a named global (&g + c) are left alone: a global
// is shared already.
//
// # Names
//
// A region is named after, in order of precedence: the outermost struct of
// a canonical node covering it plus the full member path
// ("struct rtl8139_private.stats.rx_bytes", "struct priv.work.data"; the
// outermost struct says which driver object it is); external memory
// ("external char"); the global objects in it ("global nvram_len",
// "global buf[]", "global dev.lock"); "string"; the local ("local x in
// foo"); the fresh parameter ("fresh *ppos in read_nvram"); the allocation
// ("fresh kzalloc in probe"); "user memory", "absolute memory",
// "external memory", "unknown memory". Array elements print as "[]"; bytes
// spanning members as ".{a..b}". Duplicate names get " #2", " #3" in order
// of first access. Regions are sorted by name; IDs follow that order.
//
// Helpers that touch an unknown number of bytes touch the rest of the
// array, member (the access's syntactic member or the pointer's struct
// type) or object they start in (A4); a syntactic member inside an element
// of an array (set_bit(0, &table[i].bits)) bounds it, not the array. In memory without struct types a
// touch is an ordinary access (one cell); in structs it names the regions
// of the members it covers, and bytes no other access names form gap
// regions.
//
// Call.ArgTargets: Key is the region-style name of the pointed cell
// ("global nvram_mutex", "global dev.lock", "struct rtl8139_private.lock"),
// Path its member path in Struct; Exact is false when the offset is not
// one member (inside a folded array), the node is collapsed, several global
// objects share the node, or the memory has no identity (external,
// unknown). An argument that is syntactically one global (&obj, &obj + c,
// or a variable assigned only that) is identified as that global even if
// unification merged its node with others. Locks in a canonical node are
// identified by struct type and member, as the lockset's documented
// lock-identity rule says. Call.Targets likewise names the one function a
// callee variable is only ever assigned.
//
// # Soundness: assumptions (each can hide a race; each has a switch)
//
//   - A1 fresh parameters (Options.NoFreshParams): the entry-point tables'
//     ir.ParamFresh arguments are new objects per call. Such an object
//     passed on to an indirect call through an ops field whose row takes
//     that argument per call (rtc_class_ops.read_time's tm, from the rtc
//     core's exported rtc_read_time) is lent to the call like a stack
//     local (A6, lend.go), not published. A pointer to such an object
//     stored in another one the driver never reads (read_proc's *start =
//     page + off) gives the kernel back what it holds, not a new object:
//     no escape (handback.go).
//   - A2 typed kernel (Options.NoTypeAssumption): kernel code respects C
//     types: a pointer it hands over as S* (or that the driver uses as S*)
//     points to an object of type S, and memory it hands over as a scalar
//     type is used as that type. Off, all kernel-visible memory is one
//     collapsed node.
//   - A3 no pointers into fields (Options.NoFieldAssumption): the kernel
//     does not hand back scalar pointers into the middle of struct objects
//     (other than through struct-typed members, which container_of-style
//     embedding handles). Off, escaped and kernel-made scalar pointers into
//     structs merge with external memory, collapsing those structs.
//   - A4 object bounds (Options.NoBoundsAssumption): pointer arithmetic
//     stays inside the innermost struct or array it starts in (as C
//     defines it), and a helper touching an unknown number of bytes stays
//     inside the array, member or object it starts in (a copy of unknown
//     length moves pointers only within those extents of its source and
//     destination). Off, arithmetic folds the whole node (also where an
//     array's own fold covers its stride: an int walk off the end of an
//     int array member reaches the members after it), such helpers touch
//     the whole node, and such copies move every pointer of both nodes.
//   - A5 linkage (Options.NoLinkageAssumption): other translation units do
//     not take the address of the driver's non-static globals. Off, such
//     globals are kernel-visible.
//   - A6 no retained locals (Options.NoRetainedLocals): an unknown kernel
//     function (or an indirect call whose targets are no driver function)
//     that receives a pointer to a stack local uses it during the call
//     only, and keeps it for no other thread, unless the same call also
//     hands over a driver function (directly or in a cell of an argument:
//     on-stack work items, on_each_cpu). Such a local is lent, not escaped
//     (lend.go): it stays thread-local until the driver publishes it, but
//     the pointers stored in it may be the kernel's. Arguments of indirect
//     calls are unified with the callee's parameters only once a driver
//     function is among the targets. Off, lent locals are kernel-visible.
//   - A7 unpublished locals (Options.NoUnpublishedLocals): a stack
//     object is private to its activation until the function first uses
//     its address other than to access it (private.go): the accesses
//     before that are marked ir.Access.Private, whatever the object's
//     region, and the checks leave them out. This is flow-sensitive, per
//     function. Off, they race as their region says.
//   - A8 lent links (Options.NoLentLinks): a lent local's cells may hold
//     the kernel's pointers after the call, so what they point to is
//     kernel-visible, except the driver's own stack objects it points to
//     (and stores into it point to): those are lent with it (lend.go), as
//     an spi_message lends its on-stack spi_transfer and a list head
//     itself. It can hide a race through a pointer to shared memory the
//     kernel writes over such a cell. Off, as off A6.
//   - A9 unpublished allocations (Options.NoUnpublishedAllocations): the
//     object an allocator (models: ReturnsFresh) returns is private to
//     the call until the function first lets the pointer go (fresh.go):
//     the accesses through it before that are marked ir.Access.Private.
//     Flow-sensitive, per function; needs A4. It can hide a race through
//     a stale pointer to freed memory the allocator hands out again (a
//     use after free). Off, they race as their region says. With the
//     failed-registration assumption (Options.NoFailedRegistration), a
//     pointer that went only to a registration which failed is the
//     call's own again on the path that tests the failure (failed.go).
//   - A10 current per thread (Options.NoCurrentPerThread, current.go):
//     get_current() (current) is the calling thread's own task_struct,
//     one node private by flow, whose contents are the kernel's; shared
//     once stored where another thread reads it, the canonical
//     task_struct once the program receives any task_struct from the
//     kernel. It can hide a race between an interrupt handler's access
//     through current (the interrupted task) and that task's own. Off,
//     current is kernel memory of its type.
//   - A11 typed pointer memory (Options.NoTypedPointerMemory): kernel
//     memory read or written as struct S * holds pointers to S objects
//     (A2 for pointer memory): one external node per S, whose pointees
//     are the canonical S. Off, all kernel pointer memory is "external
//     pointer", whose pointees merge (struct objects with external char).
//   - A12 kernel integers (Options.NoKernelIntegers, kernelints.go): an
//     integer global the kernel defines and the driver only reads holds
//     no pointer into the driver's objects: a load of it points to
//     nothing known (used as an address: kernel memory of its type), so
//     __pa(buf) (buf - __START_KERNEL_map + phys_base) and virt_to_page
//     (vmemmap_base + (pa >> PAGE_SHIFT)) do not merge the buffer with
//     every kernel integer's pointee. Off, such a load is the link of
//     the one "external long" cell, as other loads.
//   - A13 typed slots (Options.NoTypedSlots, slots.go): the kernel hands
//     back a struct pointer the driver stored in a kernel slot as the
//     driver stored it, not as a pointer to a struct embedded at its
//     start. Off, such a store escapes untyped (every struct starting
//     there joins its canonical node).
//   - A14 fresh local types (Options.NoFreshLocalTypes, localtypes.go):
//     an allocation of a struct type the driver's source declares
//     (ir.Struct.Local) is its own object, not the canonical one, while
//     no other kernel-visible node holds an object of that type (a slot
//     read as it, a parameter, container_of from kernel memory; a
//     placeholder a member's link does not account for, once the rest is
//     stable): the kernel cannot make such objects, it hands back only
//     the driver's. It can hide a race through kernel code that writes
//     one such object's address where the driver reads another's. Off,
//     such allocations in kernel-visible memory are the canonical node.
//
// Alignment (align.go, under A4): PTR_ALIGN, ALIGN and roundup on an
// address ((x + c) & ~m with m = 2^n - 1, ((x + c) / k) * k) give the
// pointer plus an unknown offset of at most m: arithmetic with a variable
// index, which folds the innermost struct or array around it, not the
// whole node (resolveUnknowns' collapse). And an integer index added to
// a pointer-typed base carries none of the pointers hidden in it into the
// sum (C11 6.5.6p8: the sum points into the base's object). Off A4, both
// collapse as before. A fold whose stride is at least the size of the
// object a region is named after (a variable holding a pointer and its
// physical address, 2^31 apart) leaves that object's members apart: no
// two of its bytes are a stride apart (exact).
//
// String literals merged with a struct object (one pointer cell holding a
// literal and a pointer into the struct's char array: abituguru's
// attribute names) do not carry the literals' node-wide fold into the
// struct: literals cannot be written (C11 6.4.5p7), so their reads race
// with nothing wherever they land, and the struct keeps the folds of its
// own arithmetic (A4; off A4 the fold is carried as before). Exact.
//
// Results a kernel function allocates into the caller's struct (models:
// Helper.FreshOut, freshout.go: acpi_evaluate_object's ACPI_ALLOCATE_BUFFER
// result in buffer.pointer) are fresh allocations like a kmalloc result,
// one node per call site; what the pointers read from it point to, when
// nothing else accounts for it (a package's elements, their strings), is
// fresh too, part of the same block (in bounds, A4). The member is an
// ordinary cell, not a kernel slot. A helper-row fact, no assumption.
//
// Entry points the driver also calls (split.go): the kernel calls an entry
// point with its objects, the driver may call it with its own (rtc-cmos's
// suspend passes &cmos->saved_wkalrm to its read_alarm, nvram's read a
// kmalloc'd buffer to the exported pc_nvram_read). The driver's calls go to
// a copy of the function (same name and positions), and of the functions
// it passes pointers to, so the two kinds of objects are two regions: the
// program is solved once to find those calls (direct, or through a
// pointer it resolves), then again with the copies (at most maxSplitStmts
// statements copied). Exact: no assumption.
//
// Helpers called with different members (members.go): the direct calls of
// a driver function that pass one pointer parameter different members of
// one object (rtc_timer_remove(rtc, &rtc->aie_timer) and (rtc,
// &rtc->uie_rtctimer); lm93_read_block with data->block1 ... block10) are
// grouped by the members they pass, and every group but the first calls a
// copy of the function and of the driver functions it passes pointers to
// (not those that call a registration function installing callbacks,
// INIT_WORK, request_irq; schedule_work is copied), solved with the
// entry copies above. A parameter of such a function or copy that every call
// passes one constant is that constant (lins), and a load from a driver's
// const table at a constant offset is the table's initialiser there, so
// memcpy(values, buf, cmds[fbn].len) in a copy has its exact length.
// Exact: no assumption (at most 16 copies of one function, 3000 copied
// statements per program).
//
// Precision limits (sound, but coarser than the program): unification is
// flow- and context-insensitive, so a variable reused for two allocations,
// or a helper called on two objects, merges them; a kernel struct embedded
// in several driver struct types that meet in one list or handler (a
// struct list_head linking a head in one struct to entries of another)
// merges those types' nodes at the embedding offsets; locals passed to a
// kernel function together with a driver callback are shared.
//
// Not assumptions but limits worth knowing: context-insensitivity and
// unification only merge, so they lose precision, never soundness; the
// helper table's NoEscape rows (and the locking table) are trusted to say
// that the kernel does not hand those pointers back to the driver; the
// entry-point pass decides which parameters are fresh, shared or user
// pointers; unknown external functions are assumed not to write driver
// memory except through pointers that escape (DESIGN.md), and pointers
// they store there are covered by kernel visibility; va_arg of defined
// variadic functions is not modelled; Options.ParamAliasing does not
// change regions (they are sound for aliasing parameters).
package regions
