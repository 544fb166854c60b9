/* whoop model: asm/pgtable.h - page protections for mmap handlers. */
#ifndef _WHOOP_ASM_PGTABLE_H
#define _WHOOP_ASM_PGTABLE_H

#include <asm/page.h>
#include <asm/pgtable_types.h>

#define pgprot_noncached(prot) __pgprot(pgprot_val(prot) | _PAGE_PCD | _PAGE_PWT)
#define pgprot_writecombine(prot) __pgprot(pgprot_val(prot) | _PAGE_PWT)
#define pgprot_device(prot) pgprot_noncached(prot)

extern unsigned long empty_zero_page[PAGE_SIZE / sizeof(unsigned long)];
#define ZERO_PAGE(vaddr) (virt_to_page(empty_zero_page))

#endif /* _WHOOP_ASM_PGTABLE_H */
