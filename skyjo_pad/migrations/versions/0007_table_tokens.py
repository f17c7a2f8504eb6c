"""online tables: secret seat, host and spectator tokens (digests only)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24 03:10:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'table_tokens',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.String(length=10), nullable=False),
        sa.Column('kind', sa.String(length=10), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=True),
        sa.Column('digest', sa.String(length=64), nullable=False),
        sa.Column('invitation', sa.String(length=10), nullable=True),
        sa.Column('opened_at', sa.DateTime(), nullable=True),
        sa.Column('seen_at', sa.DateTime(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('digest'),
    )
    with op.batch_alter_table('table_tokens', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_tokens_game_id'), ['game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('table_tokens', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_tokens_game_id'))
    op.drop_table('table_tokens')
