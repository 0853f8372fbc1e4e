"""The game's fonts, sounds and icons. Installed as the package data of ``game.assets``
(pyproject.toml maps this folder there), so `importlib.resources` finds them in every install
scheme; `game.ui.assets` looks them up. Nothing to import here."""
