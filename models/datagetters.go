package models

// DataGetter is a kernel function that hands a callback back the data
// pointer its object was registered with: the callbacks of Struct get the
// registered object as their argument, and Getter(object) returns the
// data argument (index Data[reg]) of the registration reg that added it.
// The lockset's per-iteration publication (lockset/publoops.go) reads
// it: a callback's accesses through that pointer are to an object
// already registered.
type DataGetter struct {
	Getter string
	Struct string         // the callbacks' object type: "gpio_chip"
	Data   map[string]int // registration -> index of its data argument
}

// dataGetters are the rows. gpiochip_get_data(gc) returns
// gc->gpiodev->data, which gpiochip_add_data_with_key(gc, data, ...)
// sets before the chip is added and nothing else changes
// (drivers/gpio/gpiolib.c); gpiolib calls a gpio_chip's operations with
// the chip that was added (gdev->chip). gpiochip_add_data and the devm
// forms are macros or wrappers of it (include/linux/gpio/driver.h,
// drivers/gpio/gpiolib-devres.c).
var dataGetters = []DataGetter{
	{Getter: "gpiochip_get_data", Struct: "gpio_chip", Data: map[string]int{
		"gpiochip_add_data": 1, "gpiochip_add_data_with_key": 1,
		"devm_gpiochip_add_data": 2, "devm_gpiochip_add_data_with_key": 2,
	}},
}

// DataGetterOfStruct returns the row of the callbacks of struct st.
func DataGetterOfStruct(st string) (DataGetter, bool) {
	for _, g := range dataGetters {
		if g.Struct == st {
			return g, true
		}
	}
	return DataGetter{}, false
}

// DataGetterFor returns the row of registration reg, with the index of
// its data argument.
func DataGetterFor(reg string) (DataGetter, int, bool) {
	for _, g := range dataGetters {
		if i, ok := g.Data[reg]; ok {
			return g, i, true
		}
	}
	return DataGetter{}, -1, false
}
