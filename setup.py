"""Build hook only (the metadata is in pyproject.toml): the product card keeps the rules pages and
art in the top-level ``resources/`` folder; an installed package carries them as
``compendium/resources`` so the application finds them without the source tree.

It also builds the compiled core of Klondike's solver (``compendium/ai/patience/_klondike_core.c``,
our own C, no library needed).  It is optional: where no C compiler is found the install goes on
without it, and the solver searches in Python (slower, the same answers)."""
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py


class BuildPyWithResources(build_py):
    def run(self) -> None:
        super().run()
        source = Path(__file__).resolve().parent / "resources"
        if source.is_dir():
            shutil.copytree(source, Path(self.build_lib) / "compendium" / "resources", dirs_exist_ok=True)


KLONDIKE_CORE = Extension(
    "compendium.ai.patience._klondike_core",
    sources=["compendium/ai/patience/_klondike_core.c"],
    extra_compile_args=["-O2"],
    optional=True,        # no compiler: installed without it, the Python search answers
)

setup(cmdclass={"build_py": BuildPyWithResources}, ext_modules=[KLONDIKE_CORE])
