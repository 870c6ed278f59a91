"""Build hook only (the metadata is in pyproject.toml): the product card keeps the rules pages and
art in the top-level ``resources/`` folder; an installed package carries them as
``compendium/resources`` so the application finds them without the source tree."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPyWithResources(build_py):
    def run(self) -> None:
        super().run()
        source = Path(__file__).resolve().parent / "resources"
        if source.is_dir():
            shutil.copytree(source, Path(self.build_lib) / "compendium" / "resources", dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildPyWithResources})
