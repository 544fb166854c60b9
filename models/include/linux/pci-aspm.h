/* whoop model: linux/pci-aspm.h - PCIe Active State Power Management link states. */
#ifndef _WHOOP_LINUX_PCI_ASPM_H
#define _WHOOP_LINUX_PCI_ASPM_H

#include <linux/pci.h>

#define PCIE_LINK_STATE_L0S 1
#define PCIE_LINK_STATE_L1 2
#define PCIE_LINK_STATE_CLKPM 4

extern void pci_disable_link_state(struct pci_dev *pdev, int state);

#endif
