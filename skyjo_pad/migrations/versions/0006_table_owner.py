"""the device a pass-and-play table is played on

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24 02:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    """A digest of the owning browser's device key; tables kept so far have none yet (the
    first device to open one while it is played becomes its owner)."""
    with op.batch_alter_table('table_states', schema=None) as batch_op:
        batch_op.add_column(sa.Column('owner', sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table('table_states', schema=None) as batch_op:
        batch_op.drop_column('owner')
