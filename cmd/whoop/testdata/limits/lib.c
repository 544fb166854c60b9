static int counter;
static int bump(void) { return ++counter; }
