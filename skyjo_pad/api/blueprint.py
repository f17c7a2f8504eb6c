"""The API blueprint, in a module of its own so the route modules can import it.

Routes live on this one blueprint (not nested ones): the app exempts it from CSRF by
name, and Flask-WTF does not extend that exemption to nested blueprints.
"""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")
