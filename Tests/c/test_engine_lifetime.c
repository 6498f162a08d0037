#include "frames_test.h"
int main(void) { return ft_finish("test_engine_lifetime"); }
