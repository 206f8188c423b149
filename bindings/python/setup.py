"""Marks the wheel as platform-specific but interpreter-independent (py3-none-PLATFORM, installed into platlib): it
carries a shared library for ctypes, no extension module. Everything else is in pyproject.toml."""
from setuptools import Distribution, setup
from setuptools.command.bdist_wheel import bdist_wheel


class LibraryDistribution(Distribution):
    """A distribution with a native part (the bundled library), so the wheel's root is platlib."""

    def has_ext_modules(self) -> bool:
        return True


class PlatformWheel(bdist_wheel):
    """bdist_wheel tagged py3-none-<platform>: any Python 3 on that platform can load the library."""

    def get_tag(self):
        return "py3", "none", super().get_tag()[2]


setup(distclass=LibraryDistribution, cmdclass={"bdist_wheel": PlatformWheel})
