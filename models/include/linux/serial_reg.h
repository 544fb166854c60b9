/* whoop model: linux/serial_reg.h - 16550 UART register offsets and bits (plain constants). */
#ifndef _WHOOP_LINUX_SERIAL_REG_H
#define _WHOOP_LINUX_SERIAL_REG_H

/* Register offsets. */
#define UART_RX 0
#define UART_TX 0
#define UART_IER 1
#define UART_IIR 2
#define UART_FCR 2
#define UART_LCR 3
#define UART_MCR 4
#define UART_LSR 5
#define UART_MSR 6
#define UART_SCR 7

/* Line control. */
#define UART_LCR_WLEN5 0x00
#define UART_LCR_WLEN6 0x01
#define UART_LCR_WLEN7 0x02
#define UART_LCR_WLEN8 0x03
#define UART_LCR_STOP 0x04
#define UART_LCR_PARITY 0x08
#define UART_LCR_EPAR 0x10
#define UART_LCR_SPAR 0x20
#define UART_LCR_SBC 0x40
#define UART_LCR_DLAB 0x80

/* Modem control. */
#define UART_MCR_DTR 0x01
#define UART_MCR_RTS 0x02
#define UART_MCR_OUT1 0x04
#define UART_MCR_OUT2 0x08
#define UART_MCR_LOOP 0x10

/* Line status. */
#define UART_LSR_DR 0x01
#define UART_LSR_OE 0x02
#define UART_LSR_PE 0x04
#define UART_LSR_FE 0x08
#define UART_LSR_BI 0x10
#define UART_LSR_THRE 0x20
#define UART_LSR_TEMT 0x40
#define UART_LSR_BRK_ERROR_BITS 0x1E

/* Modem status. */
#define UART_MSR_DCTS 0x01
#define UART_MSR_DDSR 0x02
#define UART_MSR_TERI 0x04
#define UART_MSR_DDCD 0x08
#define UART_MSR_ANY_DELTA 0x0F
#define UART_MSR_CTS 0x10
#define UART_MSR_DSR 0x20
#define UART_MSR_RI 0x40
#define UART_MSR_DCD 0x80

#endif
