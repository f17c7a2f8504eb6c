"""rate limits counted in the database, shared by every process

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24 17:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'rate_counts',
        sa.Column('key', sa.String(length=64), nullable=False),
        sa.Column('count', sa.Integer(), nullable=False),
        sa.Column('expires_at', sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint('key'),
    )
    with op.batch_alter_table('rate_counts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rate_counts_expires_at'), ['expires_at'], unique=False)


def downgrade():
    with op.batch_alter_table('rate_counts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rate_counts_expires_at'))
    op.drop_table('rate_counts')
