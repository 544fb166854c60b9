package entry_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend"
)

// sharedDrivers is ../shared/drivers beside the repository.
func sharedDrivers(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "drivers"))
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		t.Fatalf("the reference drivers are missing: %s (%v)", dir, err)
	}
	return dir
}

// driverWants lists, per reference driver, its entry points in position
// order as "FUNCTION ROLE STRUCT.FIELD [var=VAR]", written by reading the
// driver source (Linux 4.0, no CONFIG_* option set).
var driverWants = []struct {
	path    string
	defines []string
	want    []string
}{
	{"char/generic_nvram/driver.c", nil, []string{
		"nvram_llseek entry file_operations.llseek var=nvram_fops",
		"read_nvram entry file_operations.read var=nvram_fops",
		"write_nvram entry file_operations.write var=nvram_fops",
		"nvram_unlocked_ioctl entry file_operations.unlocked_ioctl var=nvram_fops",
		"nvram_init init module_init",
		"nvram_cleanup exit module_exit",
	}},
	{"char/pc8736x_gpio/driver.c", nil, []string{
		// .gpio_dump is the library's nsc_gpio_dump; .read/.write are the
		// library's nsc_gpio_read/write, which call the nsc_gpio_ops.
		"pc8736x_gpio_configure entry nsc_gpio_ops.gpio_config var=pc8736x_gpio_ops",
		"pc8736x_gpio_get entry nsc_gpio_ops.gpio_get var=pc8736x_gpio_ops",
		"pc8736x_gpio_set entry nsc_gpio_ops.gpio_set var=pc8736x_gpio_ops",
		"pc8736x_gpio_change entry nsc_gpio_ops.gpio_change var=pc8736x_gpio_ops",
		"pc8736x_gpio_current entry nsc_gpio_ops.gpio_current var=pc8736x_gpio_ops",
		"pc8736x_gpio_open entry file_operations.open var=pc8736x_gpio_fileops",
		"pc8736x_gpio_init init module_init",
		"pc8736x_gpio_cleanup exit module_exit",
	}},
	{"watchdog/machzwd/driver.c", nil, []string{
		"zf_ping timer timer_list.function var=zf_timer", // DEFINE_TIMER
		"zf_write entry file_operations.write var=zf_fops",
		"zf_ioctl entry file_operations.unlocked_ioctl var=zf_fops",
		"zf_open entry file_operations.open var=zf_fops",
		"zf_close entry file_operations.release var=zf_fops",
		"zf_notify_sys notifier notifier_block.notifier_call var=zf_notifier",
		"zf_init init module_init",
		"zf_exit exit module_exit",
	}},
	{"char/ds1286/driver.c", nil, []string{
		"ds1286_read entry file_operations.read var=ds1286_fops",
		"ds1286_poll entry file_operations.poll var=ds1286_fops",
		"ds1286_ioctl entry file_operations.ioctl var=ds1286_fops",
		"ds1286_open entry file_operations.open var=ds1286_fops",
		"ds1286_release entry file_operations.release var=ds1286_fops",
		"ds1286_read_proc entry create_proc_read_entry.read_proc", // in ds1286_init
		"ds1286_init init module_init",
		"ds1286_exit exit module_exit",
	}},
	{"char/dtlk/driver.c", nil, []string{
		"dtlk_timer_tick timer timer_list.function var=dtlk_timer", // DEFINE_TIMER
		"dtlk_read entry file_operations.read var=dtlk_fops",
		"dtlk_write entry file_operations.write var=dtlk_fops",
		"dtlk_poll entry file_operations.poll var=dtlk_fops",
		"dtlk_ioctl entry file_operations.unlocked_ioctl var=dtlk_fops",
		"dtlk_open entry file_operations.open var=dtlk_fops",
		"dtlk_release entry file_operations.release var=dtlk_fops",
		"dtlk_init init module_init",
		"dtlk_cleanup exit module_exit",
	}},
	{"char/efirtc/driver.c", nil, []string{
		"efi_rtc_ioctl entry file_operations.ioctl var=efi_rtc_fops",
		"efi_rtc_open entry file_operations.open var=efi_rtc_fops",
		"efi_rtc_close entry file_operations.release var=efi_rtc_fops",
		"efi_rtc_read_proc entry create_proc_read_entry.read_proc",
		"efi_rtc_init init module_init",
		"efi_rtc_exit exit module_exit",
	}},
	{"char/mbcs/driver.c", nil, []string{
		// Three request_irq calls in mbcs_intr_alloc register one handler.
		"mbcs_completion_intr_handler irq request_irq.handler",
		"show_algo entry device_attribute.show var=dev_attr_algo", // DEVICE_ATTR
		"store_algo entry device_attribute.store var=dev_attr_algo",
		"mbcs_open entry file_operations.open var=mbcs_ops",
		"mbcs_sram_llseek entry file_operations.llseek var=mbcs_ops",
		"mbcs_sram_read entry file_operations.read var=mbcs_ops",
		"mbcs_sram_write entry file_operations.write var=mbcs_ops",
		"mbcs_gscr_mmap entry file_operations.mmap var=mbcs_ops",
		"mbcs_probe init cx_drv.probe var=mbcs_driver",
		"mbcs_remove exit cx_drv.remove var=mbcs_driver",
		"mbcs_init init module_init",
		"mbcs_exit exit module_exit",
	}},
	{"char/sonypi/driver.c", nil, []string{
		"sonypi_misc_read entry file_operations.read var=sonypi_misc_fops",
		"sonypi_misc_poll entry file_operations.poll var=sonypi_misc_fops",
		"sonypi_misc_open entry file_operations.open var=sonypi_misc_fops",
		"sonypi_misc_release entry file_operations.release var=sonypi_misc_fops",
		"sonypi_misc_fasync entry file_operations.fasync var=sonypi_misc_fops",
		"sonypi_misc_ioctl entry file_operations.unlocked_ioctl var=sonypi_misc_fops",
		"sonypi_irq irq request_irq.handler", // sonypi_setup_irq
		"input_keyrelease work work_struct.func var=sonypi_device.input_work",
		"sonypi_probe init platform_driver.probe var=sonypi_driver",
		"sonypi_remove exit platform_driver.remove var=sonypi_driver",
		"sonypi_shutdown entry platform_driver.shutdown var=sonypi_driver",
		"sonypi_init init module_init",
		"sonypi_exit exit module_exit",
	}},
	{"char/sonypi/driver.c", []string{"CONFIG_ACPI", "CONFIG_PM_SLEEP"}, []string{
		"sonypi_misc_read entry file_operations.read var=sonypi_misc_fops",
		"sonypi_misc_poll entry file_operations.poll var=sonypi_misc_fops",
		"sonypi_misc_open entry file_operations.open var=sonypi_misc_fops",
		"sonypi_misc_release entry file_operations.release var=sonypi_misc_fops",
		"sonypi_misc_fasync entry file_operations.fasync var=sonypi_misc_fops",
		"sonypi_misc_ioctl entry file_operations.unlocked_ioctl var=sonypi_misc_fops",
		"sonypi_acpi_add init acpi_driver.ops.add var=sonypi_acpi_driver",
		"sonypi_acpi_remove exit acpi_driver.ops.remove var=sonypi_acpi_driver",
		"sonypi_irq irq request_irq.handler",
		"input_keyrelease work work_struct.func var=sonypi_device.input_work",
		// SIMPLE_DEV_PM_OPS(sonypi_pm, sonypi_suspend, sonypi_resume), reached
		// through .driver.pm: all on the macro's line, by name then field.
		"sonypi_resume entry platform_driver.driver.pm.restore var=sonypi_driver",
		"sonypi_resume entry platform_driver.driver.pm.resume var=sonypi_driver",
		"sonypi_resume entry platform_driver.driver.pm.thaw var=sonypi_driver",
		"sonypi_suspend entry platform_driver.driver.pm.freeze var=sonypi_driver",
		"sonypi_suspend entry platform_driver.driver.pm.poweroff var=sonypi_driver",
		"sonypi_suspend entry platform_driver.driver.pm.suspend var=sonypi_driver",
		"sonypi_probe init platform_driver.probe var=sonypi_driver",
		"sonypi_remove exit platform_driver.remove var=sonypi_driver",
		"sonypi_shutdown entry platform_driver.shutdown var=sonypi_driver",
		"sonypi_init init module_init",
		"sonypi_exit exit module_exit",
	}},
	{"block/swim/driver.c", nil, []string{
		"floppy_unlocked_open entry block_device_operations.open var=floppy_fops",
		"floppy_release entry block_device_operations.release var=floppy_fops",
		"floppy_ioctl entry block_device_operations.ioctl var=floppy_fops",
		"floppy_getgeo entry block_device_operations.getgeo var=floppy_fops",
		"floppy_check_events entry block_device_operations.check_events var=floppy_fops",
		"floppy_revalidate entry block_device_operations.revalidate_disk var=floppy_fops",
		"do_fd_request entry blk_init_queue.request_fn", // swim_floppy_init
		"floppy_find entry blk_register_region.probe",   // swim_floppy_init
		"swim_probe init platform_driver.probe var=swim_driver",
		"swim_remove exit platform_driver.remove var=swim_driver",
		"swim_init init module_init",
		"swim_exit exit module_exit",
	}},
	{"net/ethernet/8139too/driver.c", nil, []string{
		// module_init/module_exit are commented out in this copy.
		"rtl8139_open entry net_device_ops.ndo_open var=rtl8139_netdev_ops",
		"rtl8139_close entry net_device_ops.ndo_stop var=rtl8139_netdev_ops",
		"rtl8139_get_stats64 entry net_device_ops.ndo_get_stats64 var=rtl8139_netdev_ops",
		"rtl8139_change_mtu entry net_device_ops.ndo_change_mtu var=rtl8139_netdev_ops",
		"rtl8139_set_mac_address entry net_device_ops.ndo_set_mac_address var=rtl8139_netdev_ops",
		"rtl8139_start_xmit entry net_device_ops.ndo_start_xmit var=rtl8139_netdev_ops",
		"rtl8139_set_rx_mode entry net_device_ops.ndo_set_rx_mode var=rtl8139_netdev_ops",
		"netdev_ioctl entry net_device_ops.ndo_do_ioctl var=rtl8139_netdev_ops",
		"rtl8139_tx_timeout entry net_device_ops.ndo_tx_timeout var=rtl8139_netdev_ops",
		"rtl8139_set_features entry net_device_ops.ndo_set_features var=rtl8139_netdev_ops",
		"rtl8139_poll napi napi_struct.poll",         // netif_napi_add in rtl8139_init_one
		"rtl8139_thread work delayed_work.work.func", // INIT_DELAYED_WORK, twice, one object
		"mdio_read entry mii_if_info.mdio_read",      // tp->mii.mdio_read = mdio_read
		"mdio_write entry mii_if_info.mdio_write",    // tp->mii.mdio_write = mdio_write
		"rtl8139_interrupt irq request_irq.handler",  // request_irq in rtl8139_open
		"rtl8139_get_drvinfo entry ethtool_ops.get_drvinfo var=rtl8139_ethtool_ops",
		"rtl8139_get_settings entry ethtool_ops.get_settings var=rtl8139_ethtool_ops",
		"rtl8139_set_settings entry ethtool_ops.set_settings var=rtl8139_ethtool_ops",
		"rtl8139_get_regs_len entry ethtool_ops.get_regs_len var=rtl8139_ethtool_ops",
		"rtl8139_get_regs entry ethtool_ops.get_regs var=rtl8139_ethtool_ops",
		"rtl8139_nway_reset entry ethtool_ops.nway_reset var=rtl8139_ethtool_ops",
		"rtl8139_get_link entry ethtool_ops.get_link var=rtl8139_ethtool_ops",
		"rtl8139_get_msglevel entry ethtool_ops.get_msglevel var=rtl8139_ethtool_ops",
		"rtl8139_set_msglevel entry ethtool_ops.set_msglevel var=rtl8139_ethtool_ops",
		"rtl8139_get_wol entry ethtool_ops.get_wol var=rtl8139_ethtool_ops",
		"rtl8139_set_wol entry ethtool_ops.set_wol var=rtl8139_ethtool_ops",
		"rtl8139_get_strings entry ethtool_ops.get_strings var=rtl8139_ethtool_ops",
		"rtl8139_get_sset_count entry ethtool_ops.get_sset_count var=rtl8139_ethtool_ops",
		"rtl8139_get_ethtool_stats entry ethtool_ops.get_ethtool_stats var=rtl8139_ethtool_ops",
		"rtl8139_init_one init pci_driver.probe var=rtl8139_pci_driver",
		"rtl8139_remove_one exit pci_driver.remove var=rtl8139_pci_driver",
	}},
}

func TestReferenceDrivers(t *testing.T) {
	dir := sharedDrivers(t)
	for _, d := range driverWants {
		name := d.path
		if len(d.defines) > 0 {
			name += " -D " + strings.Join(d.defines, " -D ")
		}
		t.Run(name, func(t *testing.T) {
			prog, err := frontend.LoadUntil(context.Background(), filepath.Join(dir, d.path),
				frontend.Config{Defines: d.defines}, "entry")
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			var got []string
			for _, e := range prog.EntryPoints {
				got = append(got, e.Func.Name+" "+describe(e))
			}
			if strings.Join(got, "\n") != strings.Join(d.want, "\n") {
				t.Errorf("entry points:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(d.want, "\n  "))
			}
		})
	}
}
