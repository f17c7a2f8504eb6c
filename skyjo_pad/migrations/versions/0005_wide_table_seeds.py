"""table seeds as text: a secret deal's seed has 129 bits, more than any integer column

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24 02:15:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    """The seed column becomes text (its digits); every seed kept stays as it was."""
    with op.batch_alter_table('table_states', schema=None) as batch_op:
        batch_op.alter_column(
            'seed',
            existing_type=sa.Integer(),
            type_=sa.String(length=40),
            existing_nullable=False,
            postgresql_using='seed::varchar',
        )


def downgrade():
    """Back to an integer column: only seeds that fit one can go back."""
    with op.batch_alter_table('table_states', schema=None) as batch_op:
        batch_op.alter_column(
            'seed',
            existing_type=sa.String(length=40),
            type_=sa.Integer(),
            existing_nullable=False,
            postgresql_using='seed::integer',
        )
