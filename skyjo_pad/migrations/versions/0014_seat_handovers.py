"""who played each seat when: the host's handovers of a seat to a computer player and back

The coach judges a person's own moves only: a seat the host gave a computer player, then
gave back, holds moves of both. Tables kept before have none (NULL).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01 12:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('table_states', schema=None) as batch_op:
        batch_op.add_column(sa.Column('handovers', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('table_states', schema=None) as batch_op:
        batch_op.drop_column('handovers')
