"""players' ids never given out again on SQLite (AUTOINCREMENT), as on PostgreSQL

A player removed or merged away while holding the highest id left it free, and SQLite gave
it to the next new player: a link to the old player's page then showed the new one.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-30 18:30:00.000000

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade():
    """SQLite: the table copied into one declared AUTOINCREMENT (PostgreSQL's sequence
    never gives an id twice: nothing to do)."""
    if op.get_bind().dialect.name != 'sqlite':
        return
    with op.batch_alter_table(
        'players', recreate='always', table_kwargs={'sqlite_autoincrement': True}
    ):
        pass


def downgrade():
    if op.get_bind().dialect.name != 'sqlite':
        return
    with op.batch_alter_table(
        'players', recreate='always', table_kwargs={'sqlite_autoincrement': False}
    ):
        pass
