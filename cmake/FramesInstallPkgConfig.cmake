# Runs at install time (install(CODE) in the top-level CMakeLists.txt), where
# CMAKE_INSTALL_PREFIX is the prefix actually installed to, including one given
# with `cmake --install <build> --prefix <dir>`. Writes frames.pc from
# FRAMES_PC_TEMPLATE and installs it to <libdir>/pkgconfig (DESTDIR honoured by
# file(INSTALL)).
#
# In:  FRAMES_PC_TEMPLATE, FRAMES_PC_OUTPUT, FRAMES_PC_LIBDIR and
#      FRAMES_PC_INCLUDEDIR, FRAMES_PC_DATADIR (GNUInstallDirs values: relative to the prefix or
#      absolute), FRAMES_PC_VERSION, FRAMES_PC_DESCRIPTION.

set(_frames_libdir_rel "${FRAMES_PC_LIBDIR}")
set(FRAMES_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")

# Relative install dirs are written as ${prefix}/... so a packager can still
# redefine the prefix (pkg-config --define-variable=prefix=...).
foreach(_kind LIBDIR INCLUDEDIR DATADIR)
  if(NOT IS_ABSOLUTE "${FRAMES_PC_${_kind}}")
    set(FRAMES_PC_${_kind} "\${prefix}/${FRAMES_PC_${_kind}}")
  endif()
endforeach()

configure_file("${FRAMES_PC_TEMPLATE}" "${FRAMES_PC_OUTPUT}" @ONLY)

if(IS_ABSOLUTE "${_frames_libdir_rel}")
  set(_frames_pc_dest "${_frames_libdir_rel}/pkgconfig")
else()
  set(_frames_pc_dest "${CMAKE_INSTALL_PREFIX}/${_frames_libdir_rel}/pkgconfig")
endif()
file(INSTALL DESTINATION "${_frames_pc_dest}" TYPE FILE FILES "${FRAMES_PC_OUTPUT}")
