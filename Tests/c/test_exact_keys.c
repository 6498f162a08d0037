#include "frames_test.h"
int main(void) { return ft_finish("test_exact_keys"); }
