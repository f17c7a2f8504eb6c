"""longer players.name_key: case folding can make a name's key longer than the name

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 12:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    """Widen name_key from 40 to 160 characters (SQLite: by copying the table)."""
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.alter_column(
            'name_key',
            existing_type=sa.String(length=40),
            type_=sa.String(length=160),
            existing_nullable=False,
        )


def downgrade():
    """Narrow name_key back to 40 characters (refused by PostgreSQL if a longer key exists)."""
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.alter_column(
            'name_key',
            existing_type=sa.String(length=160),
            type_=sa.String(length=40),
            existing_nullable=False,
        )
